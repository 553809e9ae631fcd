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
		// The same string in two or three fields (written once, copied).
		{Text: "http://example.com/a\"b\\c\u2028", IRI: "http://example.com/a\"b\\c\u2028", URI: "http://example.com/a\"b\\c\u2028", Kind: "scheme"},
		{Text: "www.example.net/\x01", IRI: "https://www.example.net/\x01", URI: "https://www.example.net/\x01", Kind: "www"},
		{Text: "http://ex.com/é", IRI: "http://ex.com/é", URI: "http://ex.com/%C3%A9", Kind: "scheme"},
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
		// Forms that are the same string, as they often are.
		if off%3 == 0 {
			rec.IRI = text
		}
		if off%5 == 0 {
			rec.URI = rec.IRI
		}
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
