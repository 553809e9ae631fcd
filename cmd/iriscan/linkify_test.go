package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLinkify(t *testing.T) {
	tests := []struct {
		name string
		args []string
		in   string
		out  string
	}{
		// The href is the URI form ("&" as &amp;), the text the IRI;
		// the rest of the text is escaped for HTML.
		{"text", nil,
			"a < b & " + idnIRI + "?q=1&r=2 > c\n",
			"a &lt; b &amp; <a href=\"" + idnURI + "?q=1&amp;r=2\" dir=\"ltr\">" + idnIRI + "?q=1&amp;r=2</a> &gt; c\n"},
		{"www and mail keep their shape", []string{"--target", "_blank", "--rel", "noopener"},
			"www.пример.рф or jane@例え.jp.",
			`<a href="https://www.xn--e1afmkfd.xn--p1ai" target="_blank" rel="noopener" dir="ltr">www.пример.рф</a> or ` +
				`<a href="mailto:jane@xn--r8jz45g.jp" target="_blank" rel="noopener" dir="ltr">jane@例え.jp</a>.`},
		{"quotes in target and rel", []string{"--target", `a"b`, "--rel", "x&y"},
			"http://a.example/",
			`<a href="http://a.example/" target="a&quot;b" rel="x&amp;y" dir="ltr">http://a.example/</a>`},
		// Shift_JIS in, Shift_JIS out: the href is ASCII, the text the
		// original characters.
		{"shift_jis", []string{"--charset", "shift_jis"},
			sjisPre + sjisIRI + sjisDot,
			sjisPre + `<a href="` + idnURI + `" dir="ltr">` + sjisIRI + `</a>` + sjisDot},
		// HTML: text nodes only, not inside a, code, pre...; attributes
		// untouched.
		{"html", nil,
			`<!DOCTYPE html><p title="http://a.example/">see ` + idnIRI + ` <code>http://b.example/</code> <a href="http://c.example/">http://c.example/</a><img src="` + idnIRI + `"></p><pre>http://d.example/</pre>`,
			`<!DOCTYPE html><p title="http://a.example/">see <a href="` + idnURI + `" dir="ltr">` + idnIRI + `</a> <code>http://b.example/</code> <a href="http://c.example/">http://c.example/</a><img src="` + idnIRI + `"></p><pre>http://d.example/</pre>`},
		{"html by flag keeps markup", []string{"--format", "html"},
			`<b>x &amp; http://a.example/?a=1&amp;b=2</b>`,
			`<b>x &amp; <a href="http://a.example/?a=1&amp;b=2" dir="ltr">http://a.example/?a=1&amp;b=2</a></b>`},
		{"text by flag", []string{"--format", "text"},
			`<b>http://a.example/</b>`,
			`&lt;b&gt;<a href="http://a.example/" dir="ltr">http://a.example/</a>&lt;/b&gt;`},
	}
	for _, tt := range tests {
		out, stderr, status := runCmd(t, tt.in, append([]string{"linkify"}, tt.args...)...)
		if out != tt.out || status != 0 || stderr != "" {
			t.Errorf("%s: status %d, stderr %q\n got  %q\n want %q", tt.name, status, stderr, out, tt.out)
		}
	}
}

// A right-to-left IRI: the link gets dir="ltr", and its text is the IRI
// with marks (U+200E) that keep its components in order.
func TestLinkifyRTL(t *testing.T) {
	out, _, status := runCmd(t, "x https://ar.wikipedia.org/wiki/مصر y", "linkify")
	// م U+0645, ص U+0635, ر U+0631: UTF-8 D9 85, D8 B5, D8 B1.
	const href = `<a href="https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1" dir="ltr">`
	i, j := strings.Index(out, ">"), strings.LastIndex(out, "</a>")
	if status != 0 || !strings.HasPrefix(out, "x "+href) || !strings.HasSuffix(out, "</a> y") || i < 0 || j < i ||
		strings.ReplaceAll(out[i+1:j], "\u200e", "") != "https://ar.wikipedia.org/wiki/مصر" || !strings.Contains(out[i+1:j], "\u200e/\u200e") {
		t.Errorf("status %d, %q", status, out)
	}
}

func TestLinkifyFiles(t *testing.T) {
	dir := t.TempDir()
	txt := filepath.Join(dir, "a.txt")
	html := filepath.Join(dir, "b.html")
	writeFile(t, txt, "see "+idnIRI+"\n", 0o644)
	writeFile(t, html, "<p>see "+idnIRI+"</p>\n", 0o664)
	// -w refuses text, which would become HTML, and writes HTML.
	_, stderr, status := runCmd(t, "", "linkify", "-w", txt, html)
	if status != 2 || !strings.Contains(stderr, txt+": -w would replace a text file by HTML") {
		t.Errorf("-w: status %d, stderr %q", status, stderr)
	}
	checkFile(t, txt, "see "+idnIRI+"\n", 0o644)
	checkFile(t, html, `<p>see <a href="`+idnURI+`" dir="ltr">`+idnIRI+"</a></p>\n", 0o664)
	// -o takes text.
	out := filepath.Join(dir, "a.html")
	if _, stderr, status := runCmd(t, "", "linkify", "-o", out, txt); status != 0 || stderr != "" {
		t.Errorf("-o: status %d, stderr %q", status, stderr)
	}
	checkFile(t, out, `see <a href="`+idnURI+`" dir="ltr">`+idnIRI+"</a>\n", fileModeNew(t, dir))
	// -l and -d.
	stdout, _, status := runCmd(t, "", "linkify", "-l", txt, html)
	if stdout != txt+"\n" || status != 0 {
		t.Errorf("-l: status %d, %q", status, stdout)
	}
	stdout, _, _ = runCmd(t, "", "linkify", "-d", txt)
	want := "--- " + txt + ".orig\n+++ " + txt + "\n@@ -1,1 +1,1 @@\n-see " + idnIRI + "\n+see <a href=\"" + idnURI + "\" dir=\"ltr\">" + idnIRI + "</a>\n"
	if stdout != want {
		t.Errorf("-d:\n got %q\nwant %q", stdout, want)
	}
	checkNoTemp(t, dir, 3)
}

func TestLinkifyUsage(t *testing.T) {
	for _, args := range [][]string{{"--to", "uri"}, {"--format", "pdf"}, {"--bidi", "none"}, {"--text"}, {"-w"}} {
		if _, stderr, status := runCmd(t, "", append([]string{"linkify"}, args...)...); status != 2 || stderr == "" {
			t.Errorf("%v: status %d, stderr %q", args, status, stderr)
		}
	}
	out, _, status := runCmd(t, "", "help", "linkify")
	if status != 0 || !strings.HasPrefix(out, "Usage: iriscan linkify") || !strings.Contains(out, "-rel") {
		t.Errorf("help: status %d, %q", status, out)
	}
}

// fileModeNew returns the permission bits of a new file made with 0666:
// 0666 less the umask.
func fileModeNew(t *testing.T, dir string) fs.FileMode {
	t.Helper()
	name := filepath.Join(dir, "umask-probe")
	if err := os.WriteFile(name, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(name)
	fi, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}
