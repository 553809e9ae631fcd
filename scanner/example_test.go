package scanner_test

import (
	"fmt"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/scanner"
)

func ExampleScanner() {
	text := "詳細はhttps://例え.テスト/パス。Mail jane@example.com or see <URL:http://example.com/a\n  b>."
	s := scanner.NewScanner(strings.NewReader(text), nil)
	for s.Scan() {
		m := s.Match()
		fmt.Printf("%d %d %s %q -> %s\n", m.Offset, m.Length, m.Kind, m.Text, m.Target())
	}
	if err := s.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 9 31 scheme "https://例え.テスト/パス" -> https://例え.テスト/パス
	// 48 16 email "jane@example.com" -> mailto:jane@example.com
	// 77 24 scheme "http://example.com/a\n  b" -> http://example.com/ab
}

func ExampleFind() {
	text := []byte("(see en.wikipedia.org/wiki/Go_(programming_language)), README.md")
	for _, m := range scanner.Find(text, &scanner.Options{Fuzzy: true}) {
		fmt.Println(m.Kind, m.Text, m.Target())
	}
	// Output:
	// fuzzy en.wikipedia.org/wiki/Go_(programming_language) https://en.wikipedia.org/wiki/Go_(programming_language)
}

func ExampleAppendSpans() {
	text := []byte("Docs: https://example.org/guide, or <https://example.org/a\n  b>.")
	spans := scanner.AppendSpans(nil, text, nil)
	for _, s := range spans {
		fmt.Printf("%d-%d %s %q IRI differs: %v\n", s.Start, s.End, s.Kind, text[s.Start:s.End], s.IRIDiffers)
	}
	// Output:
	// 6-31 scheme "https://example.org/guide" IRI differs: false
	// 37-62 scheme "https://example.org/a\n  b" IRI differs: true
}

func ExampleHTMLScanner() {
	doc := `<p>See <a href="/docs?a=1&amp;b=2">the docs</a> or http://example.com/&#x4E2D;.</p>`
	s := scanner.NewHTMLScanner(strings.NewReader(doc), nil)
	for s.Scan() {
		m := s.Match()
		fmt.Printf("%d %s <%s %s> %q -> %q\n", m.Offset, m.Kind, m.Element, m.Attr, m.Text, m.IRI)
	}
	// Output:
	// 16 attr <a href> "/docs?a=1&amp;b=2" -> "/docs?a=1&b=2"
	// 51 scheme < > "http://example.com/&#x4E2D;" -> "http://example.com/中"
}

// A document in a legacy charset is decoded by package charset; its Map
// turns the offsets of the matches back into offsets in the source bytes.
func ExampleFind_charset() {
	src := []byte("caf\xe9: http://example.com/caf\xe9") // windows-1252
	cs, _ := charset.Lookup("windows-1252")
	dec := cs.NewDecoder()
	text, _ := dec.Bytes(src)
	for _, m := range scanner.Find(text, nil) {
		start := dec.Map().SourceOffset(m.Offset)
		end := dec.Map().SourceOffset(m.Offset + int64(m.Length))
		fmt.Printf("decoded [%d,%d) source [%d,%d) %s\n", m.Offset, m.Offset+int64(m.Length), start, end, m.Text)
	}
	// Output:
	// decoded [7,31) source [6,29) http://example.com/café
}
