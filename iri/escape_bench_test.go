package iri

import (
	"net/url"
	"testing"
)

var escapeBenchInputs = []struct{ name, s string }{
	{"clean", "the-quick-brown-fox_jumps.over~the-lazy-dog-0123456789"},
	{"query", "a=b&c d+e;f#g/h?i%j the quick brown fox"},
	{"unicode", "日本語のテキストとDürstと東京タワー"},
}

// BenchmarkEscape compares Escape and EscapeURI with net/url's
// QueryEscape, the nearest standard-library function, on the same input.
func BenchmarkEscape(b *testing.B) {
	for _, in := range escapeBenchInputs {
		b.Run(in.name+"/EscapeURI", func(b *testing.B) {
			b.SetBytes(int64(len(in.s)))
			b.ReportAllocs()
			for b.Loop() {
				EscapeURI(in.s, QueryValue)
			}
		})
		b.Run(in.name+"/Escape", func(b *testing.B) {
			b.SetBytes(int64(len(in.s)))
			b.ReportAllocs()
			for b.Loop() {
				Escape(in.s, QueryValue)
			}
		})
		b.Run(in.name+"/url.QueryEscape", func(b *testing.B) {
			b.SetBytes(int64(len(in.s)))
			b.ReportAllocs()
			for b.Loop() {
				url.QueryEscape(in.s)
			}
		})
	}
}
