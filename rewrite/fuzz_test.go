package rewrite

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/scanner"
)

// fuzzCharsets are the charsets FuzzRewrite picks from.
var fuzzCharsets = []string{"utf-8", "shift_jis", "iso-2022-jp", "gb18030", "windows-1252", "utf-16le", "utf-16be", "euc-kr", "big5"}

// fuzzOptions maps the fuzzer's numbers to options: mode (low two bits;
// bit 2 is TextNodes), format (text, HTML, CSS) and charset.
func fuzzOptions(mode, format, csIndex uint8) *Options {
	cs, err := charset.Lookup(fuzzCharsets[int(csIndex)%len(fuzzCharsets)])
	if err != nil {
		panic(err)
	}
	return &Options{
		To:        Form(mode % 4),
		Format:    Format(format % 3),
		Charset:   cs,
		TextNodes: mode&4 != 0,
	}
}

// sourceSpan is where a match lies in the source.
type sourceSpan struct {
	off, end int64
	text     string
}

// sourceMatches decodes the whole document and returns the source spans of
// the matches the scanner finds in it.
func sourceMatches(t *testing.T, data []byte, o *Options) []sourceSpan {
	d := o.Charset.NewDecoder()
	text, err := d.Bytes(data)
	if err != nil {
		t.Fatalf("decoding: %v", err)
	}
	var ms []scanner.Match
	if o.Format == HTML {
		s := scanner.NewHTMLScanner(bytes.NewReader(text), &scanner.HTMLOptions{Options: o.Scanner, SkipElements: o.SkipElements})
		for s.Scan() {
			ms = append(ms, s.Match())
		}
	} else if o.Format == CSS {
		s := scanner.NewCSSScanner(bytes.NewReader(text), &o.Scanner)
		for s.Scan() {
			ms = append(ms, s.Match())
		}
	} else {
		ms = scanner.Find(text, &o.Scanner)
	}
	m := d.Map()
	spans := make([]sourceSpan, len(ms))
	for i, x := range ms {
		spans[i] = sourceSpan{m.SourceOffset(x.Offset), m.SourceOffset(x.Offset + int64(x.Length)), x.Text}
	}
	return spans
}

// FuzzRewrite rewrites any bytes in any mode, format and charset: it must
// not panic nor fail; the edits, in order and not overlapping, must turn
// the input into the output and be matches of the scanner (or characters
// escaped for HTML); no edit means no change; and URI of a UTF-8 output
// must change nothing. Seeded with the golden inputs.
func FuzzRewrite(f *testing.F) {
	for i := range goldenDocs {
		d := &goldenDocs[i]
		ci := uint8(slices.Index(fuzzCharsets, d.cs))
		for _, m := range goldenModes {
			mode := uint8(m - 1)
			if d.opts != nil {
				mode |= 4
			}
			f.Add(d.input(f), mode, uint8(d.format-1), ci)
		}
	}
	f.Add([]byte("a & b < c http://例え.jp/?q=東京 > d"), uint8(3), uint8(0), uint8(1))
	f.Add([]byte("<p title=http://例え.jp/?a=b>http://例え.jp/</p>"), uint8(4), uint8(1), uint8(0))

	f.Fuzz(func(t *testing.T, data []byte, mode, format, csIndex uint8) {
		o := fuzzOptions(mode, format, csIndex)
		out, res, _, err := rewriteChecked(t, data, o) // checks the edits
		if err != nil {
			t.Fatalf("%v %v %v: %v", o.To, o.Format, o.Charset, err)
		}
		if res.Edits == 0 && !bytes.Equal(out, data) {
			t.Fatalf("no edit, but the output differs from the input")
		}

		// Each edit replaces a match the scanner finds in the decoded
		// document, or (linkifying text) one character escaped for HTML.
		spans := sourceMatches(t, data, o)
		var edits []Edit
		oo := *o
		oo.OnEdit = func(e Edit) { edits = append(edits, Edit{Offset: e.Offset, Length: e.Length}) }
		var sink bytes.Buffer
		if _, err := Document(&sink, bytes.NewReader(data), oo); err != nil {
			t.Fatal(err)
		}
		k := 0
		for _, e := range edits {
			// Decode the edit's bytes in the state the text before it
			// leaves (ISO-2022-JP: a match may be in a shift state that
			// an escape sequence before it set).
			pre, err := o.Charset.NewDecoder().Bytes(data[:e.Offset])
			if err != nil {
				t.Fatal(err)
			}
			all, err := o.Charset.NewDecoder().Bytes(data[:e.Offset+e.Length])
			if err != nil {
				t.Fatal(err)
			}
			dec, ok := bytes.CutPrefix(all, pre)
			if !ok {
				t.Fatalf("decoding %q does not start with the decoding of %q", data[:e.Offset+e.Length], data[:e.Offset])
			}
			if o.To == Link && o.Format == Text && len(dec) == 1 && (dec[0] == '&' || dec[0] == '<' || dec[0] == '>') {
				continue
			}
			for k < len(spans) && spans[k].off < e.Offset {
				k++
			}
			if k == len(spans) || spans[k].off != e.Offset || spans[k].end != e.Offset+e.Length {
				t.Fatalf("edit at %d+%d (%q) is no match of the scanner", e.Offset, e.Length, dec)
			}
			if !bytes.Contains(dec, []byte(spans[k].text)) {
				t.Fatalf("edit at %d+%d decodes to %q, not the match %q", e.Offset, e.Length, dec, spans[k].text)
			}
		}

		// URI is idempotent (in UTF-8, where the query needs no charset).
		if o.To == URI && o.Charset == charset.UTF8 {
			again, res2, _, err := rewriteChecked(t, out, o)
			if err != nil {
				t.Fatal(err)
			}
			if res2.Edits != 0 || !bytes.Equal(again, out) {
				t.Fatalf("URI of the output changes it again (%d edits):\n%q\n%q", res2.Edits, out, again)
			}
		}
	})
}

// TestFuzzOptions checks that the fuzzer reaches every mode, format and
// charset.
func TestFuzzOptions(t *testing.T) {
	seen := map[string]bool{}
	for m := range 8 {
		for f := range 3 {
			for c := range len(fuzzCharsets) {
				o := fuzzOptions(uint8(m), uint8(f), uint8(c))
				seen[fmt.Sprint(o.To, o.Format, o.Charset, o.TextNodes)] = true
			}
		}
	}
	if len(seen) != 8*3*len(fuzzCharsets) {
		t.Errorf("%d combinations", len(seen))
	}
}
