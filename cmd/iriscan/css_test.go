package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// extract reports the URLs of CSS: in style attributes and <style>
// elements of HTML (kind css, with the element and attribute), and in a
// style sheet (--format css, or a .css name).
func TestExtractCSS(t *testing.T) {
	doc := `<p style="background:url(&quot;http://例え.jp/a&quot;)"><style>@import "/b.css";/* url(/no) */</style>`
	// Code points: the document is ASCII up to the first URL, whose 例え
	// are 2 code points in 6 bytes; UTF-16 units equal code points here.
	want := []extractRecord{
		{Offset: int64(strings.Index(doc, "http")), Length: int64(len("http://例え.jp/a")), CPOff: 31, CPLen: 14, U16Off: 31, U16Len: 14, Text: "http://例え.jp/a",
			IRI: "http://例え.jp/a", URI: "http://xn--r8jz45g.jp/a", Kind: "css", Element: "p", Attr: "style"},
		{Offset: int64(strings.Index(doc, "/b.css")), Length: 6, CPOff: int64(strings.Index(doc, "/b.css")) - 4, CPLen: 6, U16Off: int64(strings.Index(doc, "/b.css")) - 4, U16Len: 6, Text: "/b.css", IRI: "/b.css", URI: "/b.css", Kind: "css", Element: "style"},
	}
	got, _, status := runExtractTest(t, doc, "--format", "html")
	if status != 0 || !reflect.DeepEqual(got, want) {
		t.Errorf("status %d\n got  %+v\n want %+v", status, got, want)
	}
	css := `a{b:url(\68 ttp://例え.jp/)}`
	got, _, status = runExtractTest(t, css, "--format", "css")
	want = []extractRecord{{Offset: 8, Length: int64(len(`\68 ttp://例え.jp/`)), CPOff: 8, CPLen: 16, U16Off: 8, U16Len: 16, Text: `\68 ttp://例え.jp/`,
		IRI: "http://例え.jp/", URI: "http://xn--r8jz45g.jp/", Kind: "css", Decoded: true}}
	if status != 0 || !reflect.DeepEqual(got, want) {
		t.Errorf("--format css: status %d\n got  %+v\n want %+v", status, got, want)
	}
	// By content, a style sheet is text: no match in url( without a scheme.
	if got, _, status = runExtractTest(t, `a{b:url(/x.png)}`); status != 1 || len(got) != 0 {
		t.Errorf("auto on standard input: status %d, %+v", status, got)
	}
}

// rewrite --format css, and auto for a .css file, with its @charset.
func TestRewriteCSS(t *testing.T) {
	out, errOut, status := runCmd(t, `@import "http://例え.jp/a.css";a{content:"http://例え.jp/"}`, "rewrite", "--to", "uri", "--format", "css")
	if want := `@import "http://xn--r8jz45g.jp/a.css";a{content:"http://例え.jp/"}`; status != 0 || out != want {
		t.Errorf("status %d %q\n got  %s\n want %s", status, errOut, out, want)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "s.css")
	sjis := "@charset \"shift_jis\";a{b:url(/\x94\x77\x8c\x69.png)}" // 背景 in Shift_JIS
	if err := os.WriteFile(p, []byte(sjis), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, status = runCmd(t, "", "rewrite", "--to", "uri", p)
	if want := `@charset "shift_jis";a{b:url(/%E8%83%8C%E6%99%AF.png)}`; status != 0 || out != want {
		t.Errorf("status %d %q\n got  %q\n want %q", status, errOut, out, want)
	}
	if _, errOut, status = runCmd(t, "", "rewrite", "--to", "uri", "--format", "scss"); status != 2 || !strings.Contains(errOut, "css") {
		t.Errorf("--format scss: status %d, %q", status, errOut)
	}
	// linkify leaves a style sheet as it is, even with -w.
	if err := os.WriteFile(p, []byte(`a{b:url(http://例え.jp/)}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, status = runCmd(t, "", "linkify", "-w", p); status != 0 {
		t.Errorf("linkify -w: status %d, %q", status, errOut)
	}
	if b, _ := os.ReadFile(p); string(b) != `a{b:url(http://例え.jp/)}` {
		t.Errorf("linkify -w changed the style sheet: %q", b)
	}
}
