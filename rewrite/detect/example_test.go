package detect_test

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/iriscan/iriscan/rewrite/detect"
)

// Decide how to read a file from its name and first bytes, as
// "iriscan rewrite --format auto" does.
func ExampleDocument() {
	for _, f := range []struct{ name, content string }{
		{"notes.txt", "See http://例え.jp/ for the notes.\n"},
		{"page.txt", "<!DOCTYPE html><meta charset=\"shift_jis\"><title>x</title>"},
		{"inbox.mbox", "From alice@example.org Mon Jan  1 00:00:00 2024\n"},
		{"logo.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"},
	} {
		br := bufio.NewReaderSize(strings.NewReader(f.content), detect.HeadLen)
		head, _ := br.Peek(detect.HeadLen) // at most HeadLen bytes: the whole of a short file
		r, err := detect.Document(f.name, head, detect.Options{})
		if err != nil {
			fmt.Println(err)
			continue
		}
		if r.Charset != nil {
			fmt.Printf("%s: %v in %s (%v)\n", f.name, r.Format, r.Charset.Name(), r.Rule)
		} else {
			fmt.Printf("%s: %v\n", f.name, r.Format)
		}
	}
	// Output:
	// notes.txt: text in utf-8 (default)
	// page.txt: html in shift_jis (meta)
	// inbox.mbox: mail
	// logo.png: binary
}
