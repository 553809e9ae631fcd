package markdown

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/iriscan/iriscan/rewrite"
)

// benchDoc is the sample README repeated to about 1 MB.
func benchDoc(b *testing.B) []byte {
	one, err := os.ReadFile("../../testdata/sample-readme.md")
	if err != nil {
		b.Fatal(err)
	}
	return bytes.Repeat(append(one, '\n'), 1<<20/len(one))
}

// BenchmarkParse is goldmark's parse alone: the floor of every form.
func BenchmarkParse(b *testing.B) {
	doc := benchDoc(b)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		parse(doc)
	}
}

func benchForm(b *testing.B, to rewrite.Form) {
	doc := benchDoc(b)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	rw := Rewriter{Options: rewrite.Options{To: to}}
	for b.Loop() {
		if _, err := rw.Rewrite(io.Discard, bytes.NewReader(doc)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRewriteURI(b *testing.B) { benchForm(b, rewrite.URI) }
func BenchmarkLinkify(b *testing.B)    { benchForm(b, rewrite.Link) }

// BenchmarkTextURI rewrites the same bytes as plain text, for the ratio.
func BenchmarkTextURI(b *testing.B) {
	doc := benchDoc(b)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	rw := rewrite.Rewriter{Options: rewrite.Options{To: rewrite.URI}}
	for b.Loop() {
		if _, err := rw.Rewrite(io.Discard, bytes.NewReader(doc)); err != nil {
			b.Fatal(err)
		}
	}
}
