package main

import (
	"strings"
	"testing"
)

// TestExtractInvalidUTF8: bytes that are not UTF-8, next to and inside
// IRIs, in a document read as UTF-8. The WHATWG Encoding Standard's UTF-8
// decoder turns each maximal invalid subpart into one U+FFFD (one code
// point, one UTF-16 unit, three bytes of decoded text), which no IRI
// contains (RFC 3987 ucschar leaves out the specials U+FFF0 to U+FFFF): a
// match ends before it, and its offset and length count bytes of the
// input as given. The prose of 60 bytes before the last rows puts the
// matches past the first 64-byte block of the text.
func TestExtractInvalidUTF8(t *testing.T) {
	prose := strings.Repeat("ab ", 20)
	tests := []struct {
		name   string
		in     string
		want   []extractRecord // offsets and text only
		u16Off []int64
	}{
		{"0xff before", "a\xffhttp://example.com/x b",
			[]extractRecord{{Offset: 2, Length: 20, CPOff: 2, CPLen: 20, Text: "http://example.com/x"}}, []int64{2}},
		{"0xff inside", "see http://example.com/a\xffb c",
			[]extractRecord{{Offset: 4, Length: 20, CPOff: 4, CPLen: 20, Text: "http://example.com/a"}}, []int64{4}},
		{"truncated sequence before", "\xe3\x81http://例え.jp/ x",
			[]extractRecord{{Offset: 2, Length: 17, CPOff: 1, CPLen: 13, Text: "http://例え.jp/"}}, []int64{1}},
		{"surrogate after", "http://例え.jp/p\xed\xa0\x80 x",
			[]extractRecord{{Offset: 0, Length: 18, CPOff: 0, CPLen: 14, Text: "http://例え.jp/p"}}, []int64{0}},
		{"overlong before, past U+10FFFF after", prose + "\xc0\xafhttp://example.com/ “😀” www.example.org/\xf4\x90\x80\x80",
			[]extractRecord{
				{Offset: 62, Length: 19, CPOff: 62, CPLen: 19, Text: "http://example.com/"},
				// 62 + 19, a space, "“" 3 bytes, "😀" 4 bytes (2 UTF-16
				// units), "”" 3 bytes, a space.
				{Offset: 93, Length: 16, CPOff: 86, CPLen: 16, Text: "www.example.org/"},
			}, []int64{62, 87}},
		{"lone continuation bytes between CJK", prose + "日本\x80\x80http://例え.jp/日本\xbf",
			[]extractRecord{{Offset: 68, Length: 23, CPOff: 64, CPLen: 15, Text: "http://例え.jp/日本"}}, []int64{64}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, status := runExtractTest(t, tt.in, "--charset", "utf-8", "--format", "text")
			if status != 0 || len(got) != len(tt.want) {
				t.Fatalf("status %d, %d matches: %+v", status, len(got), got)
			}
			for i, w := range tt.want {
				g := got[i]
				if g.Offset != w.Offset || g.Length != w.Length || g.CPOff != w.CPOff || g.CPLen != w.CPLen ||
					g.U16Off != tt.u16Off[i] || g.U16Len != w.CPLen || g.Text != w.Text {
					t.Errorf("match %d: offset %d length %d cp %d+%d utf16 %d+%d %q; want %d %d cp %d+%d utf16 %d+%d %q",
						i, g.Offset, g.Length, g.CPOff, g.CPLen, g.U16Off, g.U16Len, g.Text,
						w.Offset, w.Length, w.CPOff, w.CPLen, tt.u16Off[i], w.CPLen, w.Text)
				}
			}
		})
	}
}
