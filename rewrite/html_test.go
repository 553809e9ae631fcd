package rewrite

import (
	"io"
	"runtime"
	"strings"
	"testing"
)

// rewriteHTML rewrites the UTF-8 HTML doc with options o (Format HTML).
func rewriteHTML(t *testing.T, doc string, o Options) string {
	t.Helper()
	o.Format = HTML
	out, _, _, err := rewriteChecked(t, []byte(doc), &o)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestHTMLAttrQuery checks issue 15.1 end to end: a query whose parameter
// names are legacy reference names ("&copy=", "&reg=", "&para=") keeps
// them, whether the value is left alone or rewritten; the new value
// escapes its '&' so that a browser reads the same URL.
func TestHTMLAttrQuery(t *testing.T) {
	for _, c := range []struct {
		to       Form
		in, want string
	}{
		{URI, `<a href="/p?a=1&copy=2&reg=1">x</a>`, `<a href="/p?a=1&copy=2&reg=1">x</a>`},
		{URI, `<a href="/p?a=1&not=2&para=3&sect=4&times=5&lang=6">x</a>`, `<a href="/p?a=1&not=2&para=3&sect=4&times=5&lang=6">x</a>`},
		{URI, `<a href="http://例え.jp/?a=1&copy=2&reg=1">x</a>`, `<a href="http://xn--r8jz45g.jp/?a=1&amp;copy=2&amp;reg=1">x</a>`},
		{URI, `<a href='http://例え.jp/?a=1&amp;copy=2'>x</a>`, `<a href='http://xn--r8jz45g.jp/?a=1&amp;copy=2'>x</a>`},
		{URI, `<a href=http://例え.jp/?a=1&copy;=2>x</a>`, `<a href=http://xn--r8jz45g.jp/?a&#61;1%C2%A9&#61;2>x</a>`},
		// An unquoted value escapes '=' too (a parse error there).
		{URI, `<a href=/p?a=1&copy=2>x</a>`, `<a href=/p?a=1&copy=2>x</a>`},
		{URI, `<img src="/資料?x=1&amp=2&lt=3">`, `<img src="/%E8%B3%87%E6%96%99?x=1&amp;amp=2&amp;lt=3">`},
		{IRI, `<a href="http://xn--r8jz45g.jp/?a=1&copy=2">x</a>`, `<a href="http://例え.jp/?a=1&amp;copy=2">x</a>`},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := rewriteHTML(t, c.in, Options{To: c.to}); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestLinkMarkupContexts checks issue 15.3: Link writes <a> only where the
// HTML parser reads it as markup. Raw text (script, style, xmp, iframe,
// noembed, noframes, noscript, plaintext) and escapable raw text (title,
// textarea) are read as text up to their end tag, and inside SVG and
// MathML an <a> is no HTML link; after those elements, and after a start
// tag that breaks out of foreign content, text is linked again (HTML
// Standard, tokenization and "parsing tokens in foreign content").
func TestLinkMarkupContexts(t *testing.T) {
	const u = "http://例え.jp/"
	link := `<a href="http://xn--r8jz45g.jp/" dir="ltr">http://例え.jp/</a>`
	for _, c := range []struct{ in, want string }{
		{`<p>` + u + `</p>`, `<p>` + link + `</p>`},
		{`<noscript>` + u + `</noscript>`, `<noscript>` + u + `</noscript>`},
		{`<NoScript>` + u + `</noscript> ` + u, `<NoScript>` + u + `</noscript> ` + link},
		{`<xmp>` + u + `</xmp>` + u, `<xmp>` + u + `</xmp>` + link},
		{`<iframe>` + u + `</iframe>`, `<iframe>` + u + `</iframe>`},
		{`<noembed>` + u + `</noembed>`, `<noembed>` + u + `</noembed>`},
		{`<noframes>` + u + `</noframes>`, `<noframes>` + u + `</noframes>`},
		{`<plaintext>` + u + `</plaintext>` + u, `<plaintext>` + u + `</plaintext>` + u},
		{`<script>` + u + `</script>`, `<script>` + u + `</script>`},
		{`<style>` + u + `</style>`, `<style>` + u + `</style>`},
		{`<textarea>` + u + `</textarea>`, `<textarea>` + u + `</textarea>`},
		{`<title>` + u + `</title>`, `<title>` + u + `</title>`},
		// The self-closing flag does not end raw text.
		{`<noscript/>` + u + `</noscript>`, `<noscript/>` + u + `</noscript>`},
		{`<title/>` + u + `</title>` + u, `<title/>` + u + `</title>` + link},
		// Markup inside raw text is text: <p> does not end it.
		{`<noscript><p>` + u + `</p></noscript>`, `<noscript><p>` + u + `</p></noscript>`},
		{`<iframe><b>` + u + `</iframe><b>` + u, `<iframe><b>` + u + `</iframe><b>` + link},
		// SVG and MathML content, nested, and where it ends.
		{`<svg><text>` + u + `</text></svg>`, `<svg><text>` + u + `</text></svg>`},
		{`<math><mtext>` + u + `</mtext></math>`, `<math><mtext>` + u + `</mtext></math>`},
		{`<svg><g><text>` + u + `</text></g></svg><p>` + u, `<svg><g><text>` + u + `</text></g></svg><p>` + link},
		{`<svg><svg>x</svg>` + u + `</svg>` + u, `<svg><svg>x</svg>` + u + `</svg>` + link},
		{`<SVG><path d="M0 0"><text>` + u + `</SVG>` + u, `<SVG><path d="M0 0"><text>` + u + `</SVG>` + link},
		{`<svg/>` + u, `<svg/>` + link},
		// A breakout start tag ends foreign content.
		{`<svg><text>x</text><p>` + u, `<svg><text>x</text><p>` + link},
		{`<math><mi>x</mi><div>` + u, `<math><mi>x</mi><div>` + link},
		{`<svg><font color=red>` + u, `<svg><font color=red>` + link},
		{`<svg><font>` + u + `</font></svg>`, `<svg><font>` + u + `</font></svg>`},
		{`<svg></p>` + u, `<svg></p>` + link},
		// Inside an integration point the content is HTML, but the
		// linkifier stays out of foreign content.
		{`<svg><foreignObject><p>` + u + `</p></foreignObject><text>` + u + `</text></svg>` + u,
			`<svg><foreignObject><p>` + u + `</p></foreignObject><text>` + u + `</text></svg>` + link},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := rewriteHTML(t, c.in, Options{To: Link}); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	// Raw text is never linked, whatever the skipped elements.
	for _, e := range []string{"script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title"} {
		in := `<` + e + `>` + u + `</` + e + `>`
		if got := rewriteHTML(t, in, Options{To: Link, SkipElements: []string{"code"}}); got != in {
			t.Errorf("SkipElements [code]: %s became %s", in, got)
		}
	}
}

// TestTextNodesRawText checks that URI with TextNodes leaves raw text
// alone too: its references are not decoded and "&amp;" written into it
// would be read as is. Escapable raw text is text with references.
func TestTextNodesRawText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<xmp>http://例え.jp/?a&amp;b</xmp>`, `<xmp>http://例え.jp/?a&amp;b</xmp>`},
		{`<noscript>http://例え.jp/</noscript>`, `<noscript>http://例え.jp/</noscript>`},
		{`<title>http://例え.jp/?a&amp;b</title>`, `<title>http://xn--r8jz45g.jp/?a&amp;b</title>`},
		{`<p>http://例え.jp/?a&amp;b</p>`, `<p>http://xn--r8jz45g.jp/?a&amp;b</p>`},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := rewriteHTML(t, c.in, Options{To: URI, TextNodes: true, SkipElements: []string{}}); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// fillReader yields n copies of a byte without storing them.
type fillReader struct {
	fill byte
	n    int
}

func (r *fillReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range p[:k] {
		p[i] = r.fill
	}
	r.n -= k
	return k, nil
}

// tailWriter keeps the count and the last bytes of what it is given, and
// samples the heap.
type tailWriter struct {
	heapWriter
	tail []byte
}

func (w *tailWriter) Write(p []byte) (int, error) {
	w.heapWriter.Write(p)
	w.tail = append(w.tail, p...)
	if len(w.tail) > 4096 {
		w.tail = append(w.tail[:0], w.tail[len(w.tail)-1024:]...)
	}
	return len(p), nil
}

// TestHTMLHugeTokens checks issue 15.4 end to end: a 20 MiB data: URI in an
// attribute, a 20 MiB script and a 20 MiB text node do not fail the
// document; the IRIs after them are rewritten, every other byte is copied,
// and the heap stays far below the size of the token.
func TestHTMLHugeTokens(t *testing.T) {
	if testing.Short() {
		t.Skip("20 MiB tokens")
	}
	const n = 20 << 20
	for _, c := range []struct {
		name, prefix string
		fill         byte
		suffix       string
		o            Options
	}{
		{"attribute", `<p><img src="data:image/png;base64,`, 'A', `" alt="x">`, Options{To: URI}},
		{"script", `<script>var x = "`, 'x', `";</script>`, Options{To: URI}},
		{"text", `<p>http://例え.jp/a `, 'w', ` http://例え.jp/b</p>`, Options{To: URI, TextNodes: true}},
		{"text, linkify", `<p>http://例え.jp/a `, 'w', ` http://例え.jp/b</p>`, Options{To: Link}},
	} {
		t.Run(c.name, func(t *testing.T) {
			after := `<a href="http://例え.jp/">x</a>`
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			w := &tailWriter{}
			o := c.o
			o.Format = HTML
			res, err := Document(w, io.MultiReader(strings.NewReader(c.prefix), &fillReader{fill: c.fill, n: n}, strings.NewReader(c.suffix+after)), o)
			if err != nil {
				t.Fatal(err)
			}
			wantTail := c.suffix + `<a href="http://xn--r8jz45g.jp/">x</a>`
			if c.o.To == Link {
				wantTail = ` <a href="http://xn--r8jz45g.jp/b" dir="ltr">http://例え.jp/b</a></p>` + after
			} else if c.o.TextNodes {
				wantTail = ` http://xn--r8jz45g.jp/b</p>` + `<a href="http://xn--r8jz45g.jp/">x</a>`
			}
			if !strings.HasSuffix(string(w.tail), wantTail) {
				t.Errorf("output ends %q, want %q", tail(w.tail, len(w.tail)-len(wantTail)), wantTail)
			}
			if w.maxHeap > before.HeapInuse+16<<20 {
				t.Errorf("heap in use reached %.1f MB (%.1f MB before)", float64(w.maxHeap)/(1<<20), float64(before.HeapInuse)/(1<<20))
			}
			if res.Read != int64(len(c.prefix)+n+len(c.suffix)+len(after)) {
				t.Errorf("%+v", res)
			}
		})
	}
}
