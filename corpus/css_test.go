package corpus

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/rewrite"
)

// A style sheet in a tree is rewritten as CSS (its URLs only, its @charset
// honoured); linkifying leaves it, and its name, as they are.
func TestRunCSS(t *testing.T) {
	sjisCSS := "@charset \"shift_jis\";\na{b:url(/\x94\x77\x8c\x69.png)}/* url(/\x94\x77\x8c\x69.png) */\n" // 背景 in Shift_JIS
	files := map[string]string{
		"s/site.css":  "@import \"http://例え.jp/a.css\";\na{background:url(/背景.png);content:\"/背景.png\"}\n",
		"s/sjis.css":  sjisCSS,
		"s/page.html": `<p style="background:url('/背景.png')">`,
	}
	for _, to := range []rewrite.Form{rewrite.URI, rewrite.Link} {
		src, out := t.TempDir(), t.TempDir()
		writeFiles(t, src, files)
		results := map[string]*FileResult{}
		if _, err := Run(context.Background(), Options{To: to, Sources: []string{src}, Out: out, Jobs: 1,
			OnFile: func(r *FileResult) { rel, _ := filepath.Rel(src, r.Path); results[filepath.ToSlash(rel)] = r },
		}); err != nil {
			t.Fatal(err)
		}
		want := map[string]string{
			"s/site.css":  "@import \"http://xn--r8jz45g.jp/a.css\";\na{background:url(/%E8%83%8C%E6%99%AF.png);content:\"/背景.png\"}\n",
			"s/sjis.css":  strings.Replace(sjisCSS, "/\x94\x77\x8c\x69.png)}", "/%E8%83%8C%E6%99%AF.png)}", 1),
			"s/page.html": `<p style="background:url('/%E8%83%8C%E6%99%AF.png')">`,
		}
		if to == rewrite.Link {
			want = map[string]string{"s/site.css": files["s/site.css"], "s/sjis.css": sjisCSS}
		}
		for rel, w := range want {
			got, err := os.ReadFile(filepath.Join(out, rel))
			if err != nil || string(got) != w {
				t.Errorf("%v %s: %q, %v; want %q", to, rel, got, err, w)
			}
		}
		if r := results["s/sjis.css"]; r == nil || r.Format != "css" || r.Charset != "shift_jis" || r.CharsetRule != "css-charset" {
			t.Errorf("%v sjis.css: %+v", to, r)
		}
	}
}

// A text/css record of a WARC file is converted as CSS, and its
// conversion record says text/css.
func TestWARCCSS(t *testing.T) {
	css := `a{background:url("http://例え.jp/背景.png")}`
	data := warcRecord("resource", "00000000-0000-4000-8000-000000000001", []string{target + "s.css", "Content-Type: text/css"}, css)
	src, out := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(src, "c.warc"), []byte(data), 0o644)
	var res *FileResult
	if _, err := Run(context.Background(), Options{To: rewrite.URI, Sources: []string{src}, Out: out, Version: "iriscan test",
		OnFile: func(r *FileResult) { res = r }}); err != nil || res.Status != Converted {
		t.Fatalf("%v, %+v", err, res)
	}
	got, _ := os.ReadFile(filepath.Join(out, "c.warc"))
	recs := readAll(t, got)
	var conv *readRec
	for i := range recs {
		if recs[i].header.Get("WARC-Type") == "conversion" {
			conv = &recs[i]
		}
	}
	if conv == nil {
		t.Fatalf("no conversion record in %q", got)
	}
	if want := `a{background:url("http://xn--r8jz45g.jp/%E8%83%8C%E6%99%AF.png")}`; !bytes.Equal(conv.block, []byte(want)) {
		t.Errorf("converted block %q, want %q", conv.block, want)
	}
	if ct := conv.header.Get("Content-Type"); ct != "text/css; charset=utf-8" {
		t.Errorf("conversion Content-Type %q", ct)
	}
}
