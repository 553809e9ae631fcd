package rewrite

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/scanner"
)

// TestCSSRewrite checks issue 15.5 end to end: URLs in style attributes,
// <style> elements and style sheets are rewritten like attribute URLs,
// only their bytes change, and what is written reads back, by CSS, as the
// new URL. Expected values: 例え.jp is xn--r8jz45g.jp (IDNA), 背景 is
// %E8%83%8C%E6%99%AF, スタイル %E3%82%B9%E3%82%BF%E3%82%A4%E3%83%AB
// (UTF-8 percent-encoding, RFC 3987 Section 3.1).
func TestCSSRewrite(t *testing.T) {
	const bg = "%E8%83%8C%E6%99%AF"
	for _, c := range []struct {
		name   string
		format Format
		to     Form
		in     string
		want   string
	}{
		{"style attribute, single-quoted string", HTML, URI,
			`<div style="background:url('http://例え.jp/背景.png')">x</div>`,
			`<div style="background:url('http://xn--r8jz45g.jp/` + bg + `.png')">x</div>`},
		{"style attribute, quotes as references", HTML, URI,
			`<p style="background:url(&quot;http://例え.jp/a&quot;)">`,
			`<p style="background:url(&quot;http://xn--r8jz45g.jp/a&quot;)">`},
		{"style attribute, parens as references", HTML, URI,
			`<p style="b:url&#x28;http://例え.jp/&#x29;">`,
			`<p style="b:url&#x28;http://xn--r8jz45g.jp/&#x29;">`},
		{"style attribute, & kept escaped", HTML, URI,
			`<p style="b:url('/a?x=1&amp;y=例')">`,
			`<p style="b:url('/a?x=1&amp;y=%E4%BE%8B')">`},
		{"style attribute, legacy name in a query", HTML, URI,
			`<p style="b:url('/例?a=1&copy=2')">`,
			`<p style="b:url('/%E4%BE%8B?a=1&amp;copy=2')">`},
		{"unquoted style attribute", HTML, URI,
			`<p style=background:url(/背景.png)>`,
			`<p style=background:url(/` + bg + `.png)>`},
		{"style element: @import and url()", HTML, URI,
			`<style>@import "/スタイル.css";p{background:url( /背景.png )}</style>`,
			`<style>@import "/%E3%82%B9%E3%82%BF%E3%82%A4%E3%83%AB.css";p{background:url( /` + bg + `.png )}</style>`},
		{"style element: comments and strings stay", HTML, URI,
			`<style>/* url(/背景.png) */p{content:"/背景.png";b:url(/背景.png)}</style>`,
			`<style>/* url(/背景.png) */p{content:"/背景.png";b:url(/` + bg + `.png)}</style>`},
		{"style element: &amp; is not a reference", HTML, URI,
			`<style>p{b:url("/例?a&amp;b")}</style>`,
			`<style>p{b:url("/%E4%BE%8B?a&amp;b")}</style>`},
		{"CSS escapes are decoded and the URL rewritten", CSS, URI,
			`a{b:url(\68 ttp://\4F8B え.jp/)}`,
			`a{b:url(http://xn--r8jz45g.jp/)}`},
		{"escaped URL left as it is when nothing changes", CSS, URI,
			`a{b:url(\2f a.png)}`,
			`a{b:url(\2f a.png)}`},
		{"newline continuation", CSS, URI,
			"a{b:url(\"http://例え.jp/\\\n背景.png\")}",
			`a{b:url("http://xn--r8jz45g.jp/` + bg + `.png")}`},
		{"quote and parens in a url token", CSS, URI,
			`a{b:url(http://例え.jp/a\'b\(1\))}`,
			`a{b:url(http://xn--r8jz45g.jp/a\'b\(1\))}`},
		{"apostrophe in a single-quoted string", CSS, URI,
			`a{b:url('http://例え.jp/it\'s')}`,
			`a{b:url('http://xn--r8jz45g.jp/it\'s')}`},
		{"space becomes %20", CSS, URI,
			`a{b:url("http://例え.jp/a b")}`,
			`a{b:url("http://xn--r8jz45g.jp/a%20b")}`},
		{"image-set and @font-face", CSS, URI,
			`@font-face{src:url(/字.woff2) format("woff2"),local("字")}.h{b:image-set("/背景.png" 1x,'/背景@2x.png' 2x)}`,
			`@font-face{src:url(/%E5%AD%97.woff2) format("woff2"),local("字")}.h{b:image-set("/` + bg + `.png" 1x,'/` + bg + `@2x.png' 2x)}`},
		{"@namespace stays", CSS, URI,
			`@namespace x url(http://例え.jp/ns);a{b:url(http://例え.jp/)}`,
			`@namespace x url(http://例え.jp/ns);a{b:url(http://xn--r8jz45g.jp/)}`},
		{"to IRI", CSS, IRI,
			`a{b:url(http://xn--r8jz45g.jp/` + bg + `.png)}`,
			`a{b:url(http://例え.jp/背景.png)}`},
		{"to display: no bidi marks in CSS", CSS, Display,
			`a{b:url(http://xn--mgbh0fb.xn--kgbechtv/%D9%85)}`,
			`a{b:url(http://مثال.إختبار/م)}`},
		{"preprocessing: \\ is / for http", CSS, URI,
			`a{b:url("http://例え.jp/a\\b")}`,
			`a{b:url("http://xn--r8jz45g.jp/a/b")}`},
		{"link leaves CSS alone", CSS, Link,
			`a{b:url(http://例え.jp/)}`,
			`a{b:url(http://例え.jp/)}`},
		{"link leaves style alone", HTML, Link,
			`<style>a{b:url(http://例え.jp/)}</style><p style="b:url(http://例え.jp/)">`,
			`<style>a{b:url(http://例え.jp/)}</style><p style="b:url(http://例え.jp/)">`},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Options{To: c.to, Format: c.format}
			out, _, _, err := rewriteChecked(t, []byte(c.in), &o)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != c.want {
				t.Errorf("got  %s\nwant %s", out, c.want)
			}
		})
	}
}

// In a legacy charset, a character the charset lacks is a CSS escape in a
// <style> element or a style sheet (a character reference would be read as
// it is written there) and a character reference in a style attribute.
func TestCSSLegacyCharset(t *testing.T) {
	cs, err := charset.Lookup("shift_jis")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		format   Format
		in, want string
	}{
		{HTML, `<style>p{b:url(http://xn--r8jz45g.jp/%E8%83%8C%E6%99%AF.png)}</style>`,
			`<style>p{b:url(http://例え.jp/背景.png)}</style>`},
		// U+1F600 is not in Shift_JIS.
		{HTML, `<style>q{b:url("/%F0%9F%98%80")}</style>`, `<style>q{b:url("/\1f600 ")}</style>`},
		{HTML, `<p style="b:url('/%F0%9F%98%80')">`, `<p style="b:url('/&#x1F600;')">`},
		{CSS, `q{b:url(/%F0%9F%98%80x)}`, `q{b:url(/\1f600 x)}`},
	} {
		in, err := cs.Encode(nil, c.in, charset.FallbackError)
		if err != nil {
			t.Fatal(err)
		}
		o := Options{To: IRI, Format: c.format, Charset: cs}
		out, _, _, err := rewriteChecked(t, in, &o)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := cs.Encode(nil, c.want, charset.FallbackError)
		if !bytes.Equal(out, want) {
			t.Errorf("%s:\ngot  %q\nwant %q", c.in, out, want)
		}
	}
}

// appendCSS writes a value that CSS reads back as that value, in each
// context, and never ends the string, the url token or a <style> element.
func TestAppendCSS(t *testing.T) {
	for _, c := range []struct{ value, str, url string }{
		{`a"b`, `a\"b`, `a\"b`},
		{`a'b`, `a'b`, `a\'b`},
		{`a(b)`, `a(b)`, `a\(b\)`},
		{`a\b`, `a\\b`, `a\\b`},
		{`a b`, `a b`, `a\20 b`},
		{"a\nb", `a\a b`, `a\a b`},
		{"a\tb", `a\9 b`, `a\9 b`},
		{"a\x7fb", `a\7f b`, `a\7f b`},
		{"a\x01c", `a\1 c`, `a\1 c`},
		{`</style>`, `\3c /style>`, `\3c /style>`},
		{"例え", "例え", "例え"},
	} {
		if got := string(appendCSS(nil, c.value, '"', true)); got != c.str {
			t.Errorf("string %q: got %q, want %q", c.value, got, c.str)
		}
		if got := string(appendCSS(nil, c.value, '(', true)); got != c.url {
			t.Errorf("url %q: got %q, want %q", c.value, got, c.url)
		}
		for _, ctx := range []struct {
			pre, post string
			closer    byte
		}{{`a{b:url("`, `")}`, '"'}, {`a{b:url('`, `')}`, '\''}, {`a{b:url(`, `)}`, '('}, {`a{b:url(`, ` )}`, '('}} {
			css := ctx.pre + string(appendCSS(nil, c.value, ctx.closer, true)) + ctx.post
			if strings.Contains(css, "</") {
				t.Errorf("%q: %s would end a style element", c.value, css)
			}
			s := scanner.NewCSSScanner(strings.NewReader(css), nil)
			var got []string
			for s.Scan() {
				got = append(got, s.Match().IRI)
			}
			if len(got) != 1 || got[0] != c.value {
				t.Errorf("%s reads back as %q, want %q", css, got, c.value)
			}
		}
	}
}

// FuzzCSS checks the CSS tokenizer through CSSScanner on any bytes: no
// panic; the same matches for any chunking; spans inside the input, in
// order, not overlapping, holding the match's Text; splicing each match's
// Text back gives the input; writing a new value in place of each match
// (appendCSS, in its context) gives a style sheet in which the tokenizer
// finds the same number of references, with the new values; and rewriting
// the style sheet, alone, as a <style> element and as a style attribute,
// keeps every byte outside the references (rewriteChecked).
func FuzzCSS(f *testing.F) {
	for _, s := range []string{
		`@import "a.css";@import url(b.css) screen;a{b:url( c.png );c:url("d\"e")}`,
		`a{b:image-set("a.png" 1x,url(b.png) 2x);c:image("x")}@font-face{src:url(f.woff2) format("woff2"),local("F")}`,
		"a{b:url(\"http://例え.jp/\\\n背景.png\")}/* url(x) */\"url(y)\"5url(z)#url(w)",
		`a{b:url(\30D1 \)x);c:u\72l('\'');d:url(a b);e:url(a"b)} @namespace url(n);`,
		"a{b:url(x\\", "a{b:url(\"x\\", "url(\x00\x01)", "<!--url(a)-->", `\75 rl(a)`,
	} {
		f.Add([]byte(s), uint8(7), "new/値'\"() \\\n<")
	}
	f.Fuzz(func(t *testing.T, data []byte, chunk uint8, suffix string) {
		o := &scanner.Options{MaxLength: 1 << 20}
		whole := cssMatches(t, bytes.NewReader(data), o)
		split := cssMatches(t, &chunkedReader{data: data, n: int(chunk%32) + 1}, o)
		if len(whole) != len(split) {
			t.Fatalf("whole: %d matches, in chunks of %d: %d", len(whole), chunk%32+1, len(split))
		}
		var end int64
		var spliced, rewritten []byte
		var want []string
		for i, m := range whole {
			if m != split[i] {
				t.Fatalf("match %d: whole %+v, chunked %+v", i, m, split[i])
			}
			if m.Offset < end || m.Length <= 0 || m.Offset+m.Length > int64(len(data)) {
				t.Fatalf("match %d at %d+%d: out of order or outside %d bytes", i, m.Offset, m.Length, len(data))
			}
			if string(data[m.Offset:m.Offset+m.Length]) != m.Text {
				t.Fatalf("match %d: Text %q is not the input's bytes", i, m.Text)
			}
			if m.Kind != scanner.KindCSS || (m.CSS != '"' && m.CSS != '\'' && m.CSS != '(') {
				t.Fatalf("match %d: kind %v, CSS %q", i, m.Kind, m.CSS)
			}
			spliced = append(append(spliced, data[end:m.Offset]...), m.Text...)
			v := m.IRI + suffix
			if v == "" {
				v = "x"
			}
			// CSS has no NUL (§3.3): appendCSS writes it as an escape, read as U+FFFD.
			want = append(want, strings.ReplaceAll(v, "\x00", "\uFFFD"))
			rewritten = append(append(rewritten, data[end:m.Offset]...), appendCSS(nil, v, m.CSS, false)...)
			end = m.Offset + m.Length
		}
		spliced = append(spliced, data[end:]...)
		rewritten = append(rewritten, data[end:]...)
		if !bytes.Equal(spliced, data) {
			t.Fatalf("splicing the matches back changes the input")
		}
		again := cssMatches(t, bytes.NewReader(rewritten), o)
		if len(again) != len(want) {
			t.Fatalf("%q with new values %q: %d references, want %d", rewritten, want, len(again), len(want))
		}
		for i, m := range again {
			if m.IRI != want[i] {
				t.Fatalf("%q: reference %d reads %q, want %q", rewritten, i, m.IRI, want[i])
			}
		}
		for _, c := range []struct {
			format Format
			doc    []byte
		}{
			{CSS, data},
			{HTML, append(append([]byte("<style>"), data...), "</style>"...)},
			{HTML, append(append([]byte(`<p style="`), bytes.ReplaceAll(data, []byte(`"`), []byte("&quot;"))...), `">`...)},
		} {
			for _, to := range []Form{URI, IRI, Display} {
				if _, _, _, err := rewriteChecked(t, c.doc, &Options{To: to, Format: c.format}); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}

// cssMatches returns the matches of a CSSScanner, checking that none
// starts before what Retained said after the Scan before it.
func cssMatches(t *testing.T, r io.Reader, o *scanner.Options) []scanner.Match {
	s := scanner.NewCSSScanner(r, o)
	var ms []scanner.Match
	retained := int64(0)
	for s.Scan() {
		m := s.Match()
		if m.Offset < retained {
			t.Fatalf("match at %d after Retained said %d", m.Offset, retained)
		}
		ms = append(ms, m)
		retained = max(retained, s.Retained())
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return ms
}

// chunkedReader reads data n bytes at a time.
type chunkedReader struct {
	data []byte
	n    int
}

func (r *chunkedReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.data)
	r.data = r.data[k:]
	return k, nil
}

// TestCSSRealFiles rewrites the style sheets under /usr/share/doc (Debian's
// documentation packages: python3-doc's Sphinx themes, the Node.js API
// reference, valgrind …) and the HTML pages with CSS among the first HTML
// files there, to URIs and IRIs: every edit must be a reference the CSS
// scanner finds, every other byte copied (rewriteChecked), and a second
// URI pass must change nothing.
func TestCSSRealFiles(t *testing.T) {
	var files []string
	filepath.WalkDir("/usr/share/doc", func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && (strings.HasSuffix(p, ".css") || strings.HasSuffix(p, ".html") && len(files) < 500) {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skip("no files under /usr/share/doc")
	}
	sheets, refs := 0, 0
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil || !utf8.Valid(data) || len(data) > 8<<20 {
			continue
		}
		format := HTML
		if strings.HasSuffix(p, ".css") {
			format = CSS
			sheets++
		} else if !bytes.Contains(data, []byte("<style")) && !bytes.Contains(data, []byte("style=")) {
			continue
		}
		o := &Options{To: URI, Format: format}
		n := 0
		o.OnEdit = nil
		var ms []scanner.Match
		if format == CSS {
			ms = cssMatches(t, bytes.NewReader(data), &o.Scanner)
		} else {
			s := scanner.NewHTMLScanner(bytes.NewReader(data), nil)
			for s.Scan() {
				if m := s.Match(); m.Kind == scanner.KindCSS {
					ms = append(ms, m)
				}
			}
		}
		refs += len(ms)
		at := map[int64]int64{}
		for _, m := range ms {
			at[m.Offset] = m.Length
		}
		for _, to := range []Form{URI, IRI} {
			oo := *o
			oo.To = to
			oo.OnEdit = func(e Edit) {
				if l, ok := at[e.Offset]; format == CSS && (!ok || l != e.Length) {
					t.Errorf("%s: edit at %d+%d is no CSS reference", p, e.Offset, e.Length)
				}
				n++
			}
			out, _, _, err := rewriteChecked(t, data, &oo)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if to == URI {
				again, res, _, err := rewriteChecked(t, out, o)
				if err != nil || res.Edits != 0 || !bytes.Equal(again, out) {
					t.Errorf("%s: URI of the URI output changes it (%d edits, %v)", p, res.Edits, err)
				}
			}
		}
	}
	t.Logf("%d files, %d style sheets, %d CSS references", len(files), sheets, refs)
}
