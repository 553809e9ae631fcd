package iri

import (
	"testing"
)

// A realistic mix: ASCII URLs (most of the web), IRIs with CJK, Arabic and
// Cyrillic paths and queries, IDN hosts, and percent-encoded URIs.
var benchIRIs = []string{
	"https://www.example.com/search?q=golang&hl=en#results",
	"http://www.w3.org/International/articles/idn-and-iri/",
	"https://ja.wikipedia.org/wiki/東京都",
	"https://ar.wikipedia.org/wiki/مصر",
	"https://ru.wikipedia.org/wiki/Москва?action=history",
	"http://例え.テスト/資料?q=東京",
	"http://bücher.example/kategorie/romane",
	"https://zh.wikipedia.org/wiki/北京市",
}

var benchURIs = []string{
	"https://www.example.com/search?q=golang&hl=en#results",
	"http://www.w3.org/International/articles/idn-and-iri/",
	"https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC%E9%83%BD",
	"https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1",
	"https://ru.wikipedia.org/wiki/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0?action=history",
	"http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC",
	"http://xn--bcher-kva.example/kategorie/romane",
	"https://zh.wikipedia.org/wiki/%E5%8C%97%E4%BA%AC%E5%B8%82",
}

func benchBytes(set []string) int64 {
	n := 0
	for _, s := range set {
		n += len(s)
	}
	return int64(n)
}

func BenchmarkParse(b *testing.B) {
	b.SetBytes(benchBytes(benchIRIs))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchIRIs {
			if _, err := Parse(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkToURI(b *testing.B) {
	b.SetBytes(benchBytes(benchIRIs))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchIRIs {
			if _, err := ToURI(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// An ASCII URI that needs no change: no allocation.
func BenchmarkToURIASCII(b *testing.B) {
	s := benchIRIs[0]
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ToURI(s); err != nil {
			b.Fatal(err)
		}
	}
}

// A typical 60-byte IRI with a non-ASCII path and ASCII host.
func BenchmarkToURIPath(b *testing.B) {
	s := "https://ja.wikipedia.org/wiki/東京都?action=edit&section=2"
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ToURI(s); err != nil {
			b.Fatal(err)
		}
	}
}

// An IDN host: the cost of IDNA ToASCII.
func BenchmarkToURIIDN(b *testing.B) {
	s := "http://例え.テスト/資料?q=東京"
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ToURI(s); err != nil {
			b.Fatal(err)
		}
	}
}

// AppendURI into a reused buffer.
func BenchmarkAppendURI(b *testing.B) {
	b.SetBytes(benchBytes(benchIRIs))
	b.ReportAllocs()
	var c Converter
	buf := make([]byte, 0, 256)
	for b.Loop() {
		for _, s := range benchIRIs {
			var err error
			if buf, err = c.AppendURI(buf[:0], s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkToIRI(b *testing.B) {
	b.SetBytes(benchBytes(benchURIs))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchURIs {
			if _, err := ToIRI(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkToIRIPath(b *testing.B) {
	s := "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC%E9%83%BD?action=edit"
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ToIRI(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDisplay(b *testing.B) {
	b.SetBytes(benchBytes(benchURIs))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchURIs {
			if _, err := Display(s, DisplayOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkValidate(b *testing.B) {
	b.SetBytes(benchBytes(benchIRIs))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchIRIs {
			if vs := Validate(s); vs != nil {
				b.Fatal(vs)
			}
		}
	}
}

// BenchmarkForms: both forms of each reference of the mix, from one parse
// (Forms) and from two (ToIRI, then ToURI), as iriscan extract prints them.
func BenchmarkForms(b *testing.B) {
	var c Converter
	n := 0
	for _, s := range benchIRIs {
		n += len(s)
	}
	b.Run("Forms", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range benchIRIs {
				c.Forms(s)
			}
		}
	})
	b.Run("ToIRI+ToURI", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range benchIRIs {
				c.ToIRI(s)
				c.ToURI(s)
			}
		}
	})
}
