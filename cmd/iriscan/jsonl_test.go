package main

import (
	"bytes"
	"encoding/json"
	"testing"
)

// encodeStd is what encoding/json writes for rec: the reference the hand
// written encoder must equal byte for byte.
func encodeStd(t testing.TB, rec *extractRecord) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rec); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestAppendRecord(t *testing.T) {
	for _, rec := range []extractRecord{
		{Offset: 4, Length: 30, Text: "http://例え.テスト/パス", IRI: "http://例え.テスト/パス", URI: "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9", Kind: "scheme"},
		{File: "dir/a b\n\"q\".html", Offset: 1 << 40, Length: 7, Text: "/x?a=1&amp;b=<2>", IRI: "/x?a=1&b=<2>", URI: "/x?a=1&b=%3C2%3E", Kind: "attr", Element: "a", Attr: "href", Decoded: true},
		{Text: "http://-bad-.例え/", IRI: "http://-bad-.例え/", Kind: "attr", Error: `offset 7: invalid host name (idna: invalid label "-bad-")`},
		{Text: "\x00\x01\x1f\x7f\b\f\n\r\t\\\"", IRI: "\u2028\u2029\u200e\ufeff", Kind: "scheme"},
		{Text: "bad \xff\xfe utf-8 \xe3\x81", IRI: "\xed\xa0\x80 surrogate, \xf4\x90\x80\x80 too big", Kind: "www"},
	} {
		got := appendRecord(nil, &rec)
		if want := encodeStd(t, &rec); !bytes.Equal(got, want) {
			t.Errorf("%+v:\n got  %s\n want %s", rec, got, want)
		}
	}
}

// FuzzAppendJSON: for any strings, the hand-written JSON Lines encoder
// writes exactly what encoding/json writes.
func FuzzAppendJSON(f *testing.F) {
	f.Add("http://例え.jp/", "\x00\"\\\u2028", "a\xffb", int64(3))
	f.Add("", "", "", int64(-1))
	f.Fuzz(func(t *testing.T, text, iri, file string, off int64) {
		rec := extractRecord{File: file, Offset: off, Length: off / 3, CPOff: off / 5, CPLen: -off, U16Off: off / 7, U16Len: off % 11, Text: text, IRI: iri, URI: file + text, Kind: "email", Element: iri, Attr: text, Decoded: off%2 == 0, Error: iri, Charset: file, CharsetRule: text}
		if got, want := appendRecord(nil, &rec), encodeStd(t, &rec); !bytes.Equal(got, want) {
			t.Fatalf("\n got  %q\n want %q", got, want)
		}
	})
}

func BenchmarkAppendRecord(b *testing.B) {
	rec := extractRecord{Offset: 123456, Length: 30, Text: "http://例え.テスト/資料?q=東京", IRI: "http://例え.テスト/資料?q=東京", URI: "http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC", Kind: "scheme"}
	b.Run("append", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = appendRecord(buf[:0], &rec)
		}
	})
	ascii := extractRecord{Offset: 12345678, Length: 55, CPOff: 12000000, CPLen: 55, U16Off: 12000000, U16Len: 55, Text: "https://en.wikipedia.org/wiki/Go_(programming_language)", IRI: "https://en.wikipedia.org/wiki/Go_(programming_language)", URI: "https://en.wikipedia.org/wiki/Go_(programming_language)", Kind: "scheme"}
	b.Run("append-ascii", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = appendRecord(buf[:0], &ascii)
		}
	})
	b.Run("encoding/json", func(b *testing.B) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		for b.Loop() {
			buf.Reset()
			enc.Encode(&rec)
		}
	})
}

// TestPlainJSON8: RFC 8259 Section 7 lets a string hold every character
// as it is but the quotation mark, the reverse solidus and the control
// characters U+0000 to U+001F; encoding/json also escapes U+2028 and
// U+2029 (E2 80 A8, E2 80 A9), so an E2 byte needs a look too. Other
// bytes >= 0x80 of a valid UTF-8 string pass.
func TestPlainJSON8(t *testing.T) {
	for _, tt := range []struct {
		name string
		s    string
		want bool
	}{
		{"letters", "abcdefgh", true},
		{"URL characters", "s://a.b/", true},
		{"space and tilde", " ~ ~ ~ ~", true},
		{"neighbours of the quote and backslash", "!#[]!#[]", true},
		{"DEL is no control for JSON", "abc\x7fdefg", true},
		{"quote first", "\"bcdefgh", false},
		{"quote last", "abcdefg\"", false},
		{"backslash", "abc\\defg", false},
		{"NUL", "abcdefg\x00", false},
		{"unit separator 0x1f", "\x1fbcdefgh", false},
		{"tab", "abc\tdefg", false},
		{"newline", "abcd\nefg", false},
		{"two-byte characters", "abcdef\xc3\xa9", true},
		{"Cyrillic", "путь", true},
		{"Japanese", "例え.x", true},
		{"quote, backslash and space with bit 7 set", "\xa2\xdc\xa0\x80\x9f\xff\xe1\xe3", true},
		{"E2 first", "\xe2\x80\x9cabcde", false},
		{"E2 last", "abcdefg\xe2", false},
		{"line separator", "ab\u2028cde", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.s) != 8 {
				t.Fatalf("row of %d bytes", len(tt.s))
			}
			if got := plainJSON8(tt.s); got != tt.want {
				t.Errorf("plainJSON8(%q) = %v, want %v", tt.s, got, tt.want)
			}
		})
	}
}
