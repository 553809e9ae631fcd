package rewrite

import (
	"bytes"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/charset"
)

// One Rewriter rewriting many documents in turn (as mail does for its
// parts) keeps its scanners and charset readers; each document must come
// out as a fresh Rewriter writes it.
func TestRewriterReuseScannersAndReaders(t *testing.T) {
	sjis, _ := charset.Lookup("shift_jis")
	latin, _ := charset.Lookup("windows-1252")
	docs := []struct {
		name string
		in   string
		o    Options
	}{
		{"html utf-8", `<p><a href="http://例え.jp/パス">x</a> http://例え.jp/テキスト</p>`, Options{To: URI, Format: HTML}},
		{"text shift_jis", "見て http://例え.jp/パス ください", Options{To: URI, Format: Text, Charset: sjis}},
		{"html unclosed script", `<script>var u = "http://例え.jp/";`, Options{To: URI, Format: HTML}},
		{"html after script", `<a href="http://例え.jp/後">y</a>`, Options{To: URI, Format: HTML}},
		{"text latin", "caf\xe9 http://b\xfccher.example/ x", Options{To: URI, Format: Text, Charset: latin}},
		{"html link", `<p>see http://例え.jp/a</p><svg><title>http://例え.jp/b</title></svg>`, Options{To: Link, Format: HTML}},
		{"html shift_jis", `<a href="http://例え.jp/パス">z</a>`, Options{To: URI, Format: HTML, Charset: sjis}},
		{"text shift_jis again", "また http://例え.jp/ここ", Options{To: IRI, Format: Text, Charset: sjis}},
		{"html text nodes", `<p>http://例え.jp/本文</p>`, Options{To: URI, Format: HTML, TextNodes: true}},
		{"html utf-8 again", `<a href="http://例え.jp/パス">x</a>`, Options{To: URI, Format: HTML}},
	}
	var rw Rewriter
	for round := range 2 {
		for _, d := range docs {
			t.Run(d.name, func(t *testing.T) {
				in := d.in
				if d.o.Charset != nil {
					b, err := d.o.Charset.Encode(nil, in, charset.FallbackError)
					if err != nil && !strings.Contains(d.name, "latin") {
						t.Fatal(err)
					}
					if err == nil {
						in = string(b)
					}
				}
				var want, got bytes.Buffer
				wres, werr := Document(&want, strings.NewReader(in), d.o)
				rw.Options = d.o
				gres, gerr := rw.Rewrite(&got, strings.NewReader(in))
				if (werr == nil) != (gerr == nil) || wres != gres || !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Fatalf("round %d: reused %q %+v %v; fresh %q %+v %v", round, got.Bytes(), gres, gerr, want.Bytes(), wres, werr)
				}
			})
		}
	}
}
