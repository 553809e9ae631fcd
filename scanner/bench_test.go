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

// benchFind is Find over text held in memory, scanned in place (the bench
// command's "scanner in memory" rows, against Rust linkify).
func benchFind(b *testing.B, text []byte) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Find(text, nil)
	}
}

func BenchmarkFindEnglishProse(b *testing.B) {
	benchFind(b, scantest.Prose(4<<20, 2048, &scantest.English, 1))
}

func BenchmarkFindJapaneseProse(b *testing.B) {
	benchFind(b, scantest.Prose(4<<20, 2048, &scantest.Japanese, 2))
}

func BenchmarkAppendSpansEnglishProse(b *testing.B) {
	benchSpans(b, scantest.Prose(4<<20, 2048, &scantest.English, 1))
}

// benchSpans is AppendSpans over text, into a slice reused from pass to
// pass.
func benchSpans(b *testing.B, text []byte) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	var spans []Span
	for b.Loop() {
		spans = AppendSpans(spans[:0], text, nil)
	}
}

// BenchmarkFindJapaneseGlued is Find over Japanese sentences with each
// of scantest.Links glued to the text around it, without the spaces that
// the generated prose puts there: how Japanese is written, and where
// the CJK prose after an IRI is told from its path (proseAfterPath).
func BenchmarkFindJapaneseGlued(b *testing.B) {
	var buf bytes.Buffer
	for buf.Len() < 1<<20 {
		for _, l := range scantest.Links {
			buf.WriteString("日本語の文章です。詳細は" + l + "を参照してください。")
		}
	}
	benchSpans(b, buf.Bytes())
}

// BenchmarkFindLine is Find over a line of text, with and without links,
// as a linkifier calls it line by line or message by message: the cost of
// a call beyond its text (the Scanners Find reuses).
func BenchmarkFindLine(b *testing.B) {
	for _, tt := range []struct{ name, text string }{
		{"none", "just a line of prose without any link in it at all."},
		{"two", "Hello, see https://example.org/a/b?c=d for details, or mail jane@example.com. Thanks!"},
	} {
		b.Run(tt.name, func(b *testing.B) {
			text := []byte(tt.text)
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				Find(text, nil)
			}
		})
	}
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

// cssSheet returns about n bytes of CSS: rules with url() tokens and
// strings, @import, image-set, comments and ordinary strings.
func cssSheet(n int) []byte {
	var b bytes.Buffer
	b.WriteString("@charset \"utf-8\";\n@import url(\"/css/base.css\");\n")
	for i := 0; b.Len() < n; i++ {
		b.WriteString("/* section: the header and its background, see url(/not-this.png) */\n")
		b.WriteString(".hd-" + string(rune('a'+i%26)) + " > .nav li a:hover, .hd .logo::before {\n")
		b.WriteString("  margin: 0 auto 1.5em; padding: .25rem 1em; color: #2a6fdb; font: 14px/1.4 \"Noto Sans\", sans-serif;\n")
		b.WriteString("  background: #fff url(/img/背景.png) no-repeat 50% 0; content: \"→ http://example.org/\";\n")
		b.WriteString("  background-image: image-set(\"/img/logo.png\" 1x, url('/img/logo@2x.png') 2x);\n")
		b.WriteString("  transition: opacity .2s ease-in-out, transform 150ms cubic-bezier(.4,0,.2,1);\n}\n")
		b.WriteString("@font-face{font-family:F;src:url(/fonts/f.woff2) format(\"woff2\"),local(\"F\")}\n")
	}
	return b.Bytes()
}

// BenchmarkCSS is CSSScanner over a 4 MiB style sheet.
func BenchmarkCSS(b *testing.B) {
	sheet := cssSheet(4 << 20)
	b.SetBytes(int64(len(sheet)))
	b.ReportAllocs()
	r := bytes.NewReader(sheet)
	for b.Loop() {
		r.Reset(sheet)
		s := NewCSSScanner(r, nil)
		for s.Scan() {
		}
	}
}

// BenchmarkHTMLStyle is HTMLScanner over a 4 MiB page whose CSS is in
// <style> elements and style attributes.
func BenchmarkHTMLStyle(b *testing.B) {
	var p bytes.Buffer
	sheet := cssSheet(2 << 10)
	for p.Len() < 4<<20 {
		p.WriteString("<style>")
		p.Write(sheet)
		p.WriteString("</style>\n<div class=\"card\" style=\"background:url('/img/背景.png');margin:0\"><p title=\"x\" style=\"color:red\">text</p></div>\n")
	}
	page := p.Bytes()
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	r := bytes.NewReader(page)
	for b.Loop() {
		r.Reset(page)
		s := NewHTMLScanner(r, nil)
		for s.Scan() {
		}
	}
}
