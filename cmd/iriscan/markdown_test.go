package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A Markdown document: prose, code, a link, an image, an autolink and a
// reference definition.
const mdDoc = "# Guide\n\n" +
	"See https://例え.jp/ガイド or `https://例え.jp/code`.\n\n" +
	"[the guide](<https://例え.jp/a b> \"https://例え.jp/title\") ![logo](https://例え.jp/l.png) <https://例え.jp/>\n\n" +
	"[ref]: https://例え.jp/ref\n"

func TestExtractMarkdown(t *testing.T) {
	for _, args := range [][]string{{"--format", "markdown"}, nil} {
		var recs []extractRecord
		var status int
		if args == nil {
			dir := t.TempDir()
			p := filepath.Join(dir, "README.md")
			os.WriteFile(p, []byte(mdDoc), 0o666)
			recs, _, status = runExtractTest(t, "", p)
		} else {
			recs, _, status = runExtractTest(t, mdDoc, args...)
		}
		want := []struct{ kind, text, uri string }{
			{"prose", "https://例え.jp/ガイド", "https://xn--r8jz45g.jp/%E3%82%AC%E3%82%A4%E3%83%89"},
			{"link", "https://例え.jp/a b", "https://xn--r8jz45g.jp/a%20b"},
			{"image", "https://例え.jp/l.png", "https://xn--r8jz45g.jp/l.png"},
			{"autolink", "https://例え.jp/", "https://xn--r8jz45g.jp/"},
			{"definition", "https://例え.jp/ref", "https://xn--r8jz45g.jp/ref"},
		}
		if status != 0 || len(recs) != len(want) {
			t.Fatalf("%v: status %d, %d records: %+v", args, status, len(recs), recs)
		}
		for i, w := range want {
			r := recs[i]
			if r.Kind != w.kind || r.Text != w.text || r.URI != w.uri || mdDoc[r.Offset:r.Offset+r.Length] != w.text {
				t.Errorf("%v: record %d: %+v, want %+v", args, i, r, w)
			}
		}
		if recs[0].Found != "scheme" || recs[1].Found != "" {
			t.Errorf("detected: %q %q", recs[0].Found, recs[1].Found)
		}
	}
}

func TestRewriteLinkifyMarkdown(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rewrite", "--to", "uri", "--format", "markdown"}, "# Guide\n\n" +
			"See https://xn--r8jz45g.jp/%E3%82%AC%E3%82%A4%E3%83%89 or `https://例え.jp/code`.\n\n" +
			"[the guide](<https://xn--r8jz45g.jp/a%20b> \"https://例え.jp/title\") ![logo](https://xn--r8jz45g.jp/l.png) <https://xn--r8jz45g.jp/>\n\n" +
			"[ref]: https://xn--r8jz45g.jp/ref\n"},
		{[]string{"linkify", "--format", "markdown"}, "# Guide\n\n" +
			"See [https://例え.jp/ガイド](https://xn--r8jz45g.jp/%E3%82%AC%E3%82%A4%E3%83%89) or `https://例え.jp/code`.\n\n" +
			"[the guide](<https://例え.jp/a b> \"https://例え.jp/title\") ![logo](https://例え.jp/l.png) <https://例え.jp/>\n\n" +
			"[ref]: https://例え.jp/ref\n"},
	} {
		out, stderr, status := runCmd(t, mdDoc, c.args...)
		if out != c.want || status != 0 || stderr != "" {
			t.Errorf("%v: status %d, stderr %q\n got  %q\n want %q", c.args, status, stderr, out, c.want)
		}
	}
}

// linkify -w writes a Markdown file back (it stays Markdown), by name.
func TestLinkifyMarkdownInPlace(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "notes.markdown")
	os.WriteFile(p, []byte("Mail me@例え.jp\n"), 0o644)
	_, stderr, status := runCmd(t, "", "linkify", "-w", p)
	b, _ := os.ReadFile(p)
	if want := "Mail [me@例え.jp](mailto:me@xn--r8jz45g.jp)\n"; string(b) != want || status != 0 {
		t.Errorf("status %d, stderr %q, file %q, want %q", status, stderr, b, want)
	}
}

// corpus keeps the name of a linkified Markdown file, and --format
// markdown reads a .txt file as Markdown.
func TestCorpusMarkdown(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(src, "a.md"), []byte("x http://例え.jp/ `http://例え.jp/`\n"), 0o644)
	os.WriteFile(filepath.Join(src, "b.txt"), []byte("x http://例え.jp/ `http://例え.jp/`\n"), 0o644)
	_, stderr, status := runCmd(t, "", "corpus", "--to", "linkify", "--out", out, src)
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr)
	}
	b, err := os.ReadFile(filepath.Join(out, "a.md"))
	if want := "x [http://例え.jp/](http://xn--r8jz45g.jp/) `http://例え.jp/`\n"; err != nil || string(b) != want {
		t.Errorf("a.md: %q %v, want %q", b, err, want)
	}
	if _, err := os.Stat(filepath.Join(out, "b.txt.html")); err != nil {
		t.Errorf("b.txt: %v", err)
	}
	out2 := t.TempDir()
	_, stderr, status = runCmd(t, "", "corpus", "--to", "uri", "--format", "markdown", "--out", out2, src)
	b, err = os.ReadFile(filepath.Join(out2, "b.txt"))
	if want := "x http://xn--r8jz45g.jp/ `http://例え.jp/`\n"; status != 0 || err != nil || string(b) != want {
		t.Errorf("--format markdown: status %d %s, %q %v, want %q", status, stderr, b, err, want)
	}
	if _, stderr, status := runCmd(t, "", "corpus", "--to", "uri", "--format", "md", "--out", out2, src); status != 2 || !strings.Contains(stderr, "unknown --format") {
		t.Errorf("--format md: status %d, %q", status, stderr)
	}
}

// Code point and UTF-16 offsets count the decoded Markdown text, a byte
// order mark left out (as for text): counted by hand.
func TestExtractMarkdownUnits(t *testing.T) {
	// BOM, "😀 [x](" is 6 code points, 7 UTF-16 units (😀 is astral);
	// the destination "https://例え.jp/😀" is 15 code points, 16 units;
	// then ") " and "www.例え.jp", 9 code points.
	doc := "\ufeff😀 [x](https://例え.jp/😀) www.例え.jp\n"
	recs, _, status := runExtractTest(t, doc, "--format", "markdown")
	want := [][4]int64{{6, 15, 7, 16}, {23, 9, 25, 9}}
	if status != 0 || len(recs) != len(want) {
		t.Fatalf("status %d, %+v", status, recs)
	}
	for i, w := range want {
		r := recs[i]
		if got := [4]int64{r.CPOff, r.CPLen, r.U16Off, r.U16Len}; got != w {
			t.Errorf("record %d (%s): cp/utf16 %v, want %v", i, r.Text, got, w)
		}
	}
}
