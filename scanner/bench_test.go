package scanner

import (
	"bytes"
	"testing"

	"github.com/iriscan/iriscan/scanner/scantest"

	xhtml "golang.org/x/net/html"
)

func benchScan(b *testing.B, text []byte, o *Options) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	r := bytes.NewReader(text)
	for b.Loop() {
		r.Reset(text)
		s := NewScanner(r, o)
		for s.Scan() {
		}
	}
}

func BenchmarkEnglishProse(b *testing.B) {
	benchScan(b, scantest.Prose(4<<20, 2048, &scantest.English, 1), nil)
}

func BenchmarkJapaneseProse(b *testing.B) {
	benchScan(b, scantest.Prose(4<<20, 2048, &scantest.Japanese, 2), nil)
}

func BenchmarkEnglishProseFuzzy(b *testing.B) {
	benchScan(b, scantest.Prose(4<<20, 2048, &scantest.English, 1), &Options{Fuzzy: true})
}

func BenchmarkLinkDense(b *testing.B) {
	benchScan(b, scantest.Prose(4<<20, 1, &scantest.English, 6), nil)
}

// BenchmarkIndexByte is the scale: one SIMD pass for a byte that is absent.
func BenchmarkIndexByte(b *testing.B) {
	text := scantest.Prose(4<<20, 1<<30, &scantest.English, 1)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if bytes.IndexByte(text, 0) >= 0 {
			b.Fatal("unexpected NUL")
		}
	}
}

// BenchmarkHTML compares HTMLScanner with x/net/html's own tokenize-and-Raw
// pass over the same page (the bench command's HTML input) (the target: at most 1.5× its time).
func BenchmarkHTML(b *testing.B) {
	page := scantest.Page(4<<20, 7)
	b.Run("Raw", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		b.ReportAllocs()
		r := bytes.NewReader(page)
		for b.Loop() {
			r.Reset(page)
			z := xhtml.NewTokenizer(r)
			for z.Next() != xhtml.ErrorToken {
				_ = z.Raw()
			}
		}
	})
	b.Run("Scanner", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		b.ReportAllocs()
		r := bytes.NewReader(page)
		for b.Loop() {
			r.Reset(page)
			s := NewHTMLScanner(r, nil)
			for s.Scan() {
			}
		}
	})
}
