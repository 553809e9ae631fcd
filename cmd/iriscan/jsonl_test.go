package main

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
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
		// UTF-16 counts apart from the code point counts (a character
		// past U+FFFF before and in the match), and equal to them.
		{Offset: 120, Length: 22, CPOff: 99, CPLen: 16, U16Off: 101, U16Len: 17, Text: "http://x.example/😀", IRI: "http://x.example/😀", Kind: "scheme"},
		{Offset: 120, Length: 22, CPOff: 99, CPLen: 16, U16Off: 100, U16Len: 16, Text: "http://x.example/é", IRI: "http://x.example/é", Kind: "scheme"},
		{Offset: 5, Length: 1234567, CPOff: 5, CPLen: 1234567, U16Off: 5, U16Len: 1234567, Text: "a", IRI: "a", Kind: "www"},
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

// BenchmarkAppendRecordProse: the records of the bench's English prose
// (iriscan extract over bench/scantest's text), as they come.
func BenchmarkAppendRecordProse(b *testing.B) {
	recs := []extractRecord{
		{Offset: 2054, Length: 33, CPOff: 2026, CPLen: 21, U16Off: 2026, U16Len: 21, Text: "http://пример.рф/путь", IRI: "http://пример.рф/путь", URI: "http://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C", Kind: "scheme"},
		{Offset: 4097, Length: 36, CPOff: 4033, CPLen: 33, U16Off: 4033, U16Len: 33, Text: "https://ar.wikipedia.org/wiki/مصر", IRI: "https://ar.wikipedia.org/wiki/مصر", URI: "https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1", Kind: "scheme"},
		{Offset: 6146, Length: 20, CPOff: 6043, CPLen: 20, U16Off: 6043, U16Len: 20, Text: "jane.doe@example.com", IRI: "mailto:jane.doe@example.com", URI: "mailto:jane.doe@example.com", Kind: "email"},
		{Offset: 10240, Length: 55, CPOff: 10073, CPLen: 55, U16Off: 10073, U16Len: 55, Text: "https://en.wikipedia.org/wiki/Go_(programming_language)", IRI: "https://en.wikipedia.org/wiki/Go_(programming_language)", URI: "https://en.wikipedia.org/wiki/Go_(programming_language)", Kind: "scheme"},
		{Offset: 16386, Length: 26, CPOff: 16123, CPLen: 26, U16Off: 16123, U16Len: 26, Text: "http://example.com/wrapped", IRI: "http://example.com/wrapped", URI: "http://example.com/wrapped", Kind: "scheme"},
	}
	var buf []byte
	for b.Loop() {
		for i := range recs {
			buf = appendRecord(buf[:0], &recs[i])
		}
	}
}

// TestAppendInt: the decimal form of each integer is what
// strconv.FormatInt writes, around each power of ten and at the ends of
// int64.
func TestAppendInt(t *testing.T) {
	vs := []int64{0, 1, 9, -1, -9, -10, math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1}
	for p := int64(10); p > 0 && p <= math.MaxInt64/10; p *= 10 {
		vs = append(vs, p-1, p, p+1, -p, 2*p-1, 5*p+3)
	}
	vs = append(vs, 1e18, 1e18-1, 1e18+1)
	for _, v := range vs {
		t.Run(strconv.FormatInt(v, 10), func(t *testing.T) {
			want := "x" + strconv.FormatInt(v, 10)
			if got := appendInt([]byte("x"), v); string(got) != want {
				t.Errorf("appendInt(%d) = %q, want %q", v, got, want)
			}
		})
	}
}

// TestAppendJSONStringPositions: a character to escape, or one to keep,
// at each position of an eight-byte word and across two of them, is
// written as encoding/json writes it.
func TestAppendJSONStringPositions(t *testing.T) {
	for _, c := range []string{`"`, `\`, "\x00", "\x1f", " ", "!", "#", "[", "]", "\x7f", "é", "\u07ff", "\u0800", "語", "\ufffd", "\u2028", "\u2029", "\u2027", "😀", "\xff", "\xc3", "\xe2\x80", "\xed\xa0\x80", "\xc0\xaf"} {
		for i := 0; i <= 18; i++ {
			s := strings.Repeat("a", i) + c + strings.Repeat("b", 18-i)
			t.Run(strconv.Quote(s), func(t *testing.T) {
				want, err := json.Marshal(s)
				if err != nil {
					t.Fatal(err)
				}
				want = bytes.ReplaceAll(bytes.ReplaceAll(bytes.ReplaceAll(want, []byte(`\u003c`), []byte("<")), []byte(`\u003e`), []byte(">")), []byte(`\u0026`), []byte("&"))
				if got := appendJSONString(nil, s); !bytes.Equal(got, want) {
					t.Errorf("got %s, want %s", got, want)
				}
			})
		}
	}
}
