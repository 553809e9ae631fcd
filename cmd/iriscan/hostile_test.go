package main

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A base64 part that stops decoding is reported by extract and lint with
// one offset: the byte of the file where the bad data is, not the
// scanner's offset in the decoded text beside the base64 decoder's offset
// in its own chunk.
func TestMailBadBase64NamesTheByte(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct{ name, in string }{
		{"second line", "From: a@example.com\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n" +
			"aHR0cDovL2V4YW1wbGUuY29tLyBzZWUK\naHR0cDovL+S+i+OBiC7jg4bjgrnjg4gv⟨!!!!\nmore\n"},
		{"second message, CRLF", "From a@b Mon Mar  4 10:00:00 2024\r\nFrom: a@b\r\n\r\nfirst\r\n\r\n" +
			"From c@d Mon Mar  4 10:00:01 2024\r\nFrom: c@d\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
			"aHR0cHM6Ly9leGFtcGxlLmNvbS9hIGFu\r\nZCB0aGVu⟨#AAA\r\n"},
	} {
		want := strings.Index(tt.in, "⟨")
		name := filepath.Join(dir, strconv.Itoa(want)+".eml")
		writeFile(t, name, strings.Replace(tt.in, "⟨", "", 1), 0o644)
		for _, cmd := range []string{"extract", "lint"} {
			t.Run(tt.name+"/"+cmd, func(t *testing.T) {
				_, stderr, _ := runCmd(t, "", cmd, name)
				msg := "0"
				if strings.HasPrefix(tt.in, "From a@b") {
					msg = "1"
				}
				if w := "iriscan: " + name + ": message " + msg + " part 1: byte " + strconv.Itoa(want) + ": base64: illegal data; rest of the part skipped\n"; stderr != w {
					t.Errorf("stderr %q\nwant   %q", stderr, w)
				}
			})
		}
	}
}
