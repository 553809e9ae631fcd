package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLinkifyPolicyFlags: each flag of the link policy (issue 20 Sections
// 2 and 3), expected outputs written by hand.
func TestLinkifyPolicyFlags(t *testing.T) {
	const ar = "https://ar.wikipedia.org/wiki/مصر"
	const arURI = "https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1"
	const m = "\u200e" // the marks around each delimiter of a link's text
	for _, tc := range []struct {
		name string
		args []string
		in   string
		out  string
	}{
		{"default scheme https", nil, "www.example.org/a",
			`<a href="https://www.example.org/a" dir="ltr">www.example.org/a</a>`},
		{"default scheme http", []string{"--default-scheme", "http"}, "www.example.org/a",
			`<a href="http://www.example.org/a" dir="ltr">www.example.org/a</a>`},
		{"fuzzy gets the default scheme", []string{"--fuzzy"}, "example.com/a",
			`<a href="https://example.com/a" dir="ltr">example.com/a</a>`},
		{"fuzzy with http", []string{"--fuzzy", "--default-scheme", "http"}, "example.com/a",
			`<a href="http://example.com/a" dir="ltr">example.com/a</a>`},
		{"schemes", []string{"--schemes", "https,mailto"}, "ftp://f.example/ http://h.example/ https://s.example/ a@example.com",
			`ftp://f.example/ http://h.example/ <a href="https://s.example/" dir="ltr">https://s.example/</a> <a href="mailto:a@example.com" dir="ltr">a@example.com</a>`},
		{"schemes: www has the default scheme", []string{"--schemes", "http"}, "www.example.org http://example.org/",
			`www.example.org <a href="http://example.org/" dir="ltr">http://example.org/</a>`},
		{"javascript named is still text", []string{"--schemes", "javascript,https"}, "javascript:alert(1) https://x.example/",
			`javascript:alert(1) <a href="https://x.example/" dir="ltr">https://x.example/</a>`},
		{"data named is still text", []string{"--schemes", "data"}, "data:text/html,x",
			`data:text/html,x`},
		{"hosts-deny", []string{"--hosts-deny", "*.evil.example, evil.example"},
			"https://evil.example/ https://a.b.evil.example/x https://notevil.example/ mail@evil.example",
			`https://evil.example/ https://a.b.evil.example/x <a href="https://notevil.example/" dir="ltr">https://notevil.example/</a> mail@evil.example`},
		{"hosts-allow with U-labels", []string{"--hosts-allow", "例え.jp"},
			"http://xn--r8jz45g.jp/a http://例え.jp/b http://www.例え.jp/",
			`<a href="http://xn--r8jz45g.jp/a" dir="ltr">http://例え.jp/a</a> <a href="http://xn--r8jz45g.jp/b" dir="ltr">http://例え.jp/b</a> http://www.例え.jp/`},
		{"hosts-allow fullwidth dot and upper case", []string{"--hosts-allow", "ＥＸＡＭＰＬＥ．ＣＯＭ"},
			"https://Example.Com./x https://example.org/",
			`<a href="https://Example.Com./x" dir="ltr">https://Example.Com./x</a> https://example.org/`},
		{"hosts-deny IP literal", []string{"--hosts-deny", "[2001:db8::1],192.0.2.1"},
			"http://[2001:DB8:0:0::1]/ http://192.0.2.1/ http://192.0.2.2/",
			`http://[2001:DB8:0:0::1]/ http://192.0.2.1/ <a href="http://192.0.2.2/" dir="ltr">http://192.0.2.2/</a>`},
		{"href template", []string{"--href-template", "https://out.example/r?to={uri}"}, "see http://例え.jp/?a=1&b=2.",
			`see <a href="https://out.example/r?to=http://xn--r8jz45g.jp/?a%3D1%26b%3D2" dir="ltr">http://例え.jp/?a=1&amp;b=2</a>.`},
		{"class and title", []string{"--class", "ext link", "--title", "--rel", "nofollow"}, "http://例え.jp/",
			`<a href="http://xn--r8jz45g.jp/" rel="nofollow" class="ext link" title="http://xn--r8jz45g.jp/" dir="ltr">http://例え.jp/</a>`},
		{"title with a template", []string{"--title", "--href-template", "/out?u={uri}"}, "https://example.org/",
			`<a href="/out?u=https://example.org/" title="https://example.org/" dir="ltr">https://example.org/</a>`},
		{"class escaped", []string{"--class", `a"b&c`}, "https://example.org/",
			`<a href="https://example.org/" class="a&quot;b&amp;c" dir="ltr">https://example.org/</a>`},
		{"strip scheme", []string{"--strip-scheme"}, "http://example.com/a https://example.org/ ftp://f.example/",
			`<a href="http://example.com/a" dir="ltr">example.com/a</a> <a href="https://example.org/" dir="ltr">example.org/</a> <a href="ftp://f.example/" dir="ltr">ftp://f.example/</a>`},
		{"strip scheme, right-to-left", []string{"--strip-scheme"}, ar,
			`<a href="` + arURI + `" dir="ltr">ar.wikipedia.org` + m + `/` + m + `wiki` + m + `/` + m + `مصر</a>`},
		{"shorten", []string{"--shorten", "25"}, "https://example.com/a/very/long/path/to/file.html",
			`<a href="https://example.com/a/very/long/path/to/file.html" dir="ltr">example.com/a/very…e.html</a>`},
		{"shorten keeps the host", []string{"--shorten", "5"}, "https://docs.example.com/guide/install",
			`<a href="https://docs.example.com/guide/install" dir="ltr">docs.example.com…</a>`},
		{"shorten 1", []string{"--shorten", "1"}, "https://a.io/x",
			`<a href="https://a.io/x" dir="ltr">a.io…</a>`},
		{"shorten never splits an Arabic word", []string{"--shorten", "22"}, ar,
			`<a href="` + arURI + `" dir="ltr">ar.wikipedia.org` + m + `/` + m + `wiki` + m + `…</a>`},
		// The display form keeps %20 (a space is not allowed in an IRI).
		{"shorten a percent-escape whole", []string{"--shorten", "13"}, "https://h.io/a%20b%20c%20d%20e/x",
			`<a href="https://h.io/a%20b%20c%20d%20e/x" dir="ltr">h.io/a…%20e/x</a>`},
		{"shorten an emoji sequence whole", []string{"--shorten", "8"}, "https://e.io/\U0001F469\u200D\U0001F4BB\U0001F469\u200D\U0001F4BB\U0001F469\u200D\U0001F4BB/x",
			`<a href="https://e.io/%F0%9F%91%A9%E2%80%8D%F0%9F%92%BB%F0%9F%91%A9%E2%80%8D%F0%9F%92%BB%F0%9F%91%A9%E2%80%8D%F0%9F%92%BB/x" dir="ltr">e.io/` + "\U0001F469\u200D\U0001F4BB" + `…x</a>`},
		{"shorten a www match", []string{"--shorten", "20"}, "www.example.org/a/b/c/d/e/f",
			`<a href="https://www.example.org/a/b/c/d/e/f" dir="ltr">www.example.org/a…/f</a>`},
		{"shorten 0 is no limit", []string{"--shorten", "0"}, "https://example.org/a/b",
			`<a href="https://example.org/a/b" dir="ltr">https://example.org/a/b</a>`},
		{"html", []string{"--format", "html", "--hosts-deny", "evil.example", "--class", "x"},
			`<p>https://evil.example/ <b>https://ok.example/</b></p>`,
			`<p>https://evil.example/ <b><a href="https://ok.example/" class="x" dir="ltr">https://ok.example/</a></b></p>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, status := runCmd(t, tc.in, append([]string{"linkify"}, tc.args...)...)
			if out != tc.out || status != 0 || stderr != "" {
				t.Errorf("status %d, stderr %q\n got  %s\n want %s", status, stderr, out, tc.out)
			}
		})
	}
}

// TestLinkifyPolicyMail: the policy applies to each part of a message.
func TestLinkifyPolicyMail(t *testing.T) {
	in := "From: a@example.com\r\nSubject: x\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" +
		"https://evil.example/ and www.example.org/a/b/c/d/e/f\r\n"
	out, stderr, status := runCmd(t, in, "linkify", "--format", "mail", "--hosts-deny", "evil.example", "--shorten", "20", "--class", "m")
	want := `https://evil.example/ and <a href="https://www.example.org/a/b/c/d/e/f" class="m" dir="ltr">www.example.org/a…/f</a>`
	if status != 0 || stderr != "" || !strings.Contains(out, want) {
		t.Errorf("status %d, stderr %q\n got  %s\n want it to hold %s", status, stderr, out, want)
	}
}

// TestExtractPolicyFlags: --schemes, --default-scheme and the host lists
// choose what extract reports; javascript: only when named.
func TestExtractPolicyFlags(t *testing.T) {
	const in = "www.example.org https://x.evil.example/ http://ok.example/ jane@example.com javascript:alert(1)\n"
	for _, tc := range []struct {
		name string
		args []string
		out  string
	}{
		{"default", nil, "https://www.example.org\nhttps://x.evil.example/\nhttp://ok.example/\nmailto:jane@example.com\n"},
		{"default scheme http", []string{"--default-scheme", "http"}, "http://www.example.org\nhttps://x.evil.example/\nhttp://ok.example/\nmailto:jane@example.com\n"},
		{"schemes", []string{"--schemes", "http"}, "http://ok.example/\n"},
		{"schemes with http default", []string{"--schemes", "http", "--default-scheme", "http"}, "http://www.example.org\nhttp://ok.example/\n"},
		{"javascript named", []string{"--schemes", "javascript,mailto"}, "mailto:jane@example.com\njavascript:alert(1)\n"},
		{"hosts-deny", []string{"--hosts-deny", "*.evil.example"}, "https://www.example.org\nhttp://ok.example/\nmailto:jane@example.com\n"},
		{"hosts-allow", []string{"--hosts-allow", "example.com,*.example.org"}, "https://www.example.org\nmailto:jane@example.com\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, status := runCmd(t, in, append([]string{"extract", "--print", "iri"}, tc.args...)...)
			if out != tc.out || status != 0 || stderr != "" {
				t.Errorf("status %d, stderr %q\n got  %q\n want %q", status, stderr, out, tc.out)
			}
		})
	}
	// Nothing left: exit status 1, as when nothing is found.
	if _, _, status := runCmd(t, in, "extract", "--schemes", "gopher"); status != 1 {
		t.Errorf("nothing reported: status %d, want 1", status)
	}
}

// TestExtractPolicyHTML: in HTML, javascript: and data: attributes are
// reported only when named; a relative reference always is.
func TestExtractPolicyHTML(t *testing.T) {
	const in = `<!DOCTYPE html><a href="javascript:void(0)">x</a><img src="data:image/png;base64,AAAA"><a href="/rel">r</a><a href="https://example.org/">e</a>`
	for _, tc := range []struct {
		name string
		args []string
		out  string
	}{
		{"default", nil, "/rel\nhttps://example.org/\n"},
		{"named", []string{"--schemes", "javascript,data"}, "javascript:void(0)\ndata:image/png;base64,AAAA\n/rel\n"},
		{"https only", []string{"--schemes", "https"}, "/rel\nhttps://example.org/\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, status := runCmd(t, in, append([]string{"extract", "--format", "html", "--print", "iri"}, tc.args...)...)
			if out != tc.out || status != 0 || stderr != "" {
				t.Errorf("status %d, stderr %q\n got  %q\n want %q", status, stderr, out, tc.out)
			}
		})
	}
}

// TestPolicyUsageErrors: a bad value is a usage error (status 2) whose
// message names the flag and the value.
func TestPolicyUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		args []string
		want string
	}{
		{"linkify", []string{"--hosts-deny", "example.com:8080"}, `--hosts-deny: host pattern "example.com:8080": a host without a port`},
		{"linkify", []string{"--hosts-allow", "*."}, `--hosts-allow: host pattern "*.": no host`},
		{"linkify", []string{"--hosts-allow", "a.example,*.*.b.example"}, `"*.*.b.example"`},
		{"linkify", []string{"--hosts-allow", "a.example,,b.example"}, `--hosts-allow: empty item`},
		{"linkify", []string{"--hosts-deny", "*.192.0.2.1"}, `"*.192.0.2.1": an IP address has no subdomains`},
		{"linkify", []string{"--hosts-deny", "-x-.example"}, `"-x-.example"`},
		{"linkify", []string{"--default-scheme", "ftp"}, `--default-scheme: default scheme "ftp" (want https or http)`},
		{"linkify", []string{"--schemes", "http s"}, `--schemes: scheme "http s"`},
		{"linkify", []string{"--href-template", "https://out.example/"}, `--href-template: href template "https://out.example/": no "{uri}" in it`},
		{"linkify", []string{"--href-template", "https://out.example/{uri}"}, `must stand in the query or the fragment`},
		{"linkify", []string{"--href-template", "https://out.example/?u={uri}&x=a b"}, `--href-template: href template "https://out.example/?u={uri}&x=a b"`},
		{"linkify", []string{"--shorten", "-1"}, `--shorten: shorten -1 is negative`},
		{"extract", []string{"--hosts-deny", "user@example.com"}, `--hosts-deny: host pattern "user@example.com": a host without userinfo`},
		{"extract", []string{"--default-scheme", "HTTPX"}, `--default-scheme`},
		{"corpus", []string{"--to", "uri", "--out", "o", "--shorten", "5", "src"}, `--shorten applies to --to linkify only`},
		{"corpus", []string{"--to", "linkify", "--out", "o", "--hosts-deny", "a:1", "src"}, `--hosts-deny: host pattern "a:1"`},
	} {
		t.Run(tc.cmd+" "+strings.Join(tc.args, " "), func(t *testing.T) {
			out, stderr, status := runCmd(t, "https://example.org/\n", append([]string{tc.cmd}, tc.args...)...)
			if status != 2 || out != "" || !strings.Contains(stderr, tc.want) {
				t.Errorf("status %d, out %q, stderr %q; want status 2 and %q", status, out, stderr, tc.want)
			}
		})
	}
}

// TestCorpusLinkPolicy: corpus --to linkify applies the policy flags.
func TestCorpusLinkPolicy(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "src"), filepath.Join(dir, "out")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(src, "a.html"), "<p>https://evil.example/ www.example.org</p>\n", 0o644)
	_, stderr, status := runCmd(t, "", "corpus", "--to", "linkify", "--out", out, "--hosts-deny", "evil.example", "--default-scheme", "http", "--title", src)
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	got, err := os.ReadFile(filepath.Join(out, "a.html"))
	if err != nil {
		t.Fatal(err)
	}
	want := `<p>https://evil.example/ <a href="http://www.example.org" title="http://www.example.org" dir="ltr">www.example.org</a></p>` + "\n"
	if string(got) != want {
		t.Errorf("\n got  %s\n want %s", got, want)
	}
}
