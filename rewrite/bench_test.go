package rewrite

import (
	"bytes"
	"io"
	"testing"

	"github.com/iriscan/iriscan/scanner"
	"github.com/iriscan/iriscan/scanner/scantest"

	xhtml "golang.org/x/net/html"
)

// The inputs are those of the scanner's benchmarks (scanner/bench_test.go),
// so that MB/s compare: prose with one IRI per ~2 KB, and an HTML page.

func benchRewrite(b *testing.B, text []byte, o *Options) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	var rw Rewriter
	rw.Options = *o
	r := bytes.NewReader(text)
	for b.Loop() {
		r.Reset(text)
		if _, err := rw.Rewrite(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

func benchScan(b *testing.B, text []byte) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	r := bytes.NewReader(text)
	for b.Loop() {
		r.Reset(text)
		s := scanner.NewScanner(r, nil)
		for s.Scan() {
		}
	}
}

// BenchmarkEnglishProse compares text URI with the scanner alone (target:
// at least half its speed).
func BenchmarkEnglishProse(b *testing.B) {
	text := scantest.Prose(4<<20, 2048, &scantest.English, 1)
	b.Run("Scanner", func(b *testing.B) { benchScan(b, text) })
	b.Run("URI", func(b *testing.B) { benchRewrite(b, text, &Options{To: URI, Format: Text}) })
	b.Run("Link", func(b *testing.B) { benchRewrite(b, text, &Options{To: Link, Format: Text}) })
	b.Run("LinkPolicy", func(b *testing.B) { benchRewrite(b, text, &Options{To: Link, Format: Text, Links: benchPolicy(b)}) })
}

// benchPolicy is a link policy that uses every rule: schemes, host lists,
// an href template, a title and shortened text.
func benchPolicy(b *testing.B) *Linker {
	l, err := NewLinker(LinkOptions{
		Schemes: []string{"http", "https", "mailto"}, HostsAllow: []string{"*.org", "*.com", "*.jp", "*.net"},
		HostsDeny: []string{"*.evil.example"}, HrefTemplate: "https://out.example/?to={uri}",
		Title: true, Shorten: 30, StripScheme: true,
	})
	if err != nil {
		b.Fatal(err)
	}
	return l
}

// BenchmarkJapaneseProse is BenchmarkEnglishProse on Japanese prose, where
// most bytes are multi-byte characters.
func BenchmarkJapaneseProse(b *testing.B) {
	text := scantest.Prose(4<<20, 2048, &scantest.Japanese, 2)
	b.Run("Scanner", func(b *testing.B) { benchScan(b, text) })
	b.Run("URI", func(b *testing.B) { benchRewrite(b, text, &Options{To: URI, Format: Text}) })
	b.Run("Link", func(b *testing.B) { benchRewrite(b, text, &Options{To: Link, Format: Text}) })
	b.Run("LinkPolicy", func(b *testing.B) { benchRewrite(b, text, &Options{To: Link, Format: Text, Links: benchPolicy(b)}) })
}

// BenchmarkHTML compares HTML URI with x/net/html's tokenize-and-Raw pass
// and with the HTML scanner alone, scanning attributes as URI does, over
// the same page (target: within 1.5× the time of Raw).
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
			s := scanner.NewHTMLScanner(r, &scanner.HTMLOptions{SkipText: true}) // as URI scans
			for s.Scan() {
			}
		}
	})
	b.Run("URI", func(b *testing.B) { benchRewrite(b, page, &Options{To: URI, Format: HTML}) })
	b.Run("Link", func(b *testing.B) { benchRewrite(b, page, &Options{To: Link, Format: HTML}) })
}
