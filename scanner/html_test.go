package scanner

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// htmlDescribe renders matches as "elem/attr:text=>iri@offset" for attributes
// and "kind:text=>iri@offset" for text.
func htmlDescribe(doc string, ms []Match) []string {
	var out []string
	for _, m := range ms {
		if doc[m.Offset:m.Offset+m.Length] != m.Text {
			out = append(out, fmt.Sprintf("BAD OFFSET %d for %q", m.Offset, m.Text))
		}
		tag := m.Kind.String()
		if m.Kind == KindAttr {
			tag = m.Element + "/" + m.Attr
		}
		s := tag + ":" + m.Text
		if m.IRI != m.Text {
			s += "=>" + m.IRI
		}
		out = append(out, s)
	}
	return out
}

func findHTML(t *testing.T, doc string, o *HTMLOptions) []Match {
	t.Helper()
	return scanAll(t, NewHTMLScanner(strings.NewReader(doc), o))
}

func TestHTML(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want []string
	}{
		{`<a href="http://example.com/?a=1&amp;b=2">x</a>`, []string{"a/href:http://example.com/?a=1&amp;b=2=>http://example.com/?a=1&b=2"}},
		{`<A HREF=/rel/path>x</A>`, []string{"a/href:/rel/path"}},
		{`<img src='a.png' srcset="a.png 1x, b%20c.png 2x,d.png,e.png">`, []string{"img/src:a.png", "img/srcset:a.png", "img/srcset:b%20c.png", "img/srcset:d.png,e.png"}}, // HTML: a URL may contain commas; only trailing ones separate
		{`<link rel=preload imagesrcset="x.jpg 100w, y.jpg 200w">`, []string{"link/imagesrcset:x.jpg", "link/imagesrcset:y.jpg"}},
		{`<form action="/go"><button formaction="/b">`, []string{"form/action:/go", "button/formaction:/b"}},
		{`<blockquote cite="http://x.example/q"><q cite=http://y.example/>`, []string{"blockquote/cite:http://x.example/q", "q/cite:http://y.example/"}},
		{`<object data="movie.swf" codebase="http://c.example/" archive="a.jar b.jar"><embed data="no">`, []string{"object/data:movie.swf", "object/codebase:http://c.example/", "object/archive:a.jar", "object/archive:b.jar"}},
		{`<video poster="p.jpg" src="v.mp4"></video><body background="bg.gif">`, []string{"video/poster:p.jpg", "video/src:v.mp4", "body/background:bg.gif"}},
		{`<img longdesc="d.html" usemap="#m"><html manifest="m.appcache">`, []string{"img/longdesc:d.html", "img/usemap:#m", "html/manifest:m.appcache"}},
		{`<a ping="http://p.example/1 http://p.example/2" href=x>`, []string{"a/ping:http://p.example/1", "a/ping:http://p.example/2", "a/href:x"}},
		{`<meta http-equiv="Refresh" content="5; URL='http://r.example/next'">`, []string{"meta/content:http://r.example/next"}},
		{`<meta http-equiv=refresh content="0;url=/x">`, []string{"meta/content:/x"}},
		{`<meta name=description content="http://not.a.link/">`, nil},
		{`<base href="http://b.example/">`, []string{"base/href:http://b.example/"}},
		{`<svg><a xlink:href="#s"/><image href="i.svg"/></svg>`, []string{"a/xlink:href:#s", "image/href:i.svg"}},
		{`<input value="http://example.com/">`, nil},
		// Text nodes: running-text rules, entities decoded, offsets in the source.
		{`<p>See http://example.com/?a=1&amp;b=2 now</p>`, []string{"scheme:http://example.com/?a=1&amp;b=2=>http://example.com/?a=1&b=2"}},
		{`<p>x&nbsp;www.example.com&nbsp;y</p>`, []string{"www:www.example.com"}},
		{`<p>&lt;http://example.com/a&gt;</p>`, []string{"scheme:http://example.com/a"}},
		{`<p>http://example.com/&#x4E2D;&#25991;</p>`, []string{"scheme:http://example.com/&#x4E2D;&#25991;=>http://example.com/中文"}},
		{`<p>mail <b>jane@example.com</b>.</p>`, []string{"email:jane@example.com"}},
		// Skipped elements, comments, CDATA.
		{`<a href=h>http://in.link/</a> <script>var u="http://in.script/"</script> <style>a{background:url(http://in.style/)}</style>`, []string{"a/href:h", "css:http://in.style/"}}, // the style sheet's URL is CSS, not text
		{`<textarea>http://t.example/</textarea><title>http://t.example/</title><code>http://c.example/</code><pre>http://p.example/</pre>after http://ok.example/`, []string{"scheme:http://ok.example/"}},
		{`<!-- http://comment.example/ --><![CDATA[http://cdata.example/]]><p>http://ok.example/`, []string{"scheme:http://ok.example/"}},
		{`<pre><code>http://x.example/</code> http://y.example/</pre> http://z.example/`, []string{"scheme:http://z.example/"}},
	} {
		got := htmlDescribe(c.doc, findHTML(t, c.doc, nil))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s\n\tgot  %q\n\twant %q", c.doc, got, c.want)
		}
	}
}

// Attribute values longer than the limit are passed over (rule 7).
func TestHTMLMaxLength(t *testing.T) {
	doc := `<img src="data:image/png;base64,` + strings.Repeat("A", 100) + `"><a href="/short">`
	got := htmlDescribe(doc, findHTML(t, doc, &HTMLOptions{Options: Options{MaxLength: 50}}))
	if want := []string{"a/href:/short"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Decoded says whether references were decoded in the match itself.
func TestHTMLDecoded(t *testing.T) {
	doc := "<p>a&amp;b &lt;http://a.example/x\n y&gt; http://b.example/?q&amp;r</p>"
	ms := findHTML(t, doc, nil)
	if len(ms) != 2 || ms[0].Decoded || ms[0].IRI != "http://a.example/xy" || !ms[1].Decoded || ms[1].IRI != "http://b.example/?q&r" {
		t.Errorf("got %+v", ms)
	}
}

// The skipped elements are configurable.
func TestHTMLSkipElements(t *testing.T) {
	doc := `<code>http://c.example/</code><em>http://e.example/</em>`
	got := htmlDescribe(doc, findHTML(t, doc, &HTMLOptions{SkipElements: []string{"EM"}}))
	if want := []string{"scheme:http://c.example/"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A read error is reported with the offset reached.
func TestHTMLReadError(t *testing.T) {
	s := NewHTMLScanner(io.MultiReader(strings.NewReader(`<a href="/x">y</a>`), errReader{}), nil)
	n := 0
	for s.Scan() {
		n++
	}
	if err := s.Err(); !errors.Is(err, io.ErrUnexpectedEOF) || n != 1 {
		t.Errorf("Err() = %v after %d matches", err, n)
	}
}

// HTML results are identical for every chunking of the input (read sizes
// 1..64): the tokenizer and the offsets do not depend on it.
func TestHTMLChunking(t *testing.T) {
	doc := strings.Repeat(`<p class=x>See <a href="http://a.example/?a=1&amp;b=2">x</a> and http://b.example/&#x4E2D;, www.example.com.</p>`+
		`<img srcset="a.png 1x, b.png 2x"><!-- http://c.example/ --><script>var u="http://d.example/"</script>`+"\n", 20)
	want := findHTML(t, doc, nil)
	if len(want) != 20*5 { // href, two text IRIs, two srcset URLs; not the comment or script
		t.Fatalf("whole document: %d matches, want %d", len(want), 20*5)
	}
	for size := 1; size <= 64; size++ {
		got := scanAll(t, NewHTMLScanner(&splitReader{data: []byte(doc), sizes: []int{size}}, nil))
		if !sameMatches(got, want) {
			t.Fatalf("read size %d: %s", size, firstDiff(got, want))
		}
	}
}

// TestHTMLQuote checks that an attribute match reports its value's quote
// character, which a rewriter must escape in the new value.
func TestHTMLQuote(t *testing.T) {
	doc := `<a href="d"><a href='s'><a href=u><a href = "sp"><img srcset='a.png 1x, b.png 2x'><meta http-equiv=refresh content="0; url='x'">`
	var got []byte
	for _, m := range findHTML(t, doc, nil) {
		q := m.Quote
		if q == 0 {
			q = '0'
		}
		got = append(got, q)
	}
	if want := `"'0"''"`; string(got) != want {
		t.Errorf("quotes %s, want %s", got, want)
	}
}

// TestHTMLSkipTextAttributes checks the options that leave out text nodes
// or attribute values.
func TestHTMLSkipTextAttributes(t *testing.T) {
	doc := `<a href="http://a.example/">x</a><p>see http://t.example/ <img src=i.png></p>`
	for _, c := range []struct {
		o    HTMLOptions
		want []string
	}{
		{HTMLOptions{}, []string{"a/href:http://a.example/", "scheme:http://t.example/", "img/src:i.png"}},
		{HTMLOptions{SkipText: true}, []string{"a/href:http://a.example/", "img/src:i.png"}},
		{HTMLOptions{SkipAttributes: true}, []string{"scheme:http://t.example/"}},
		{HTMLOptions{SkipText: true, SkipAttributes: true}, nil},
	} {
		got := htmlDescribe(doc, findHTML(t, doc, &c.o))
		if !slices.Equal(got, c.want) {
			t.Errorf("%+v: got %q, want %q", c.o, got, c.want)
		}
	}
}

// Reset forgets everything of the previous document, even one left in the
// middle of a skipped element and a tag: the next document is scanned as a
// new HTMLScanner would scan it.
func TestHTMLReset(t *testing.T) {
	s := NewHTMLScanner(strings.NewReader(`<pre>http://in.pre/ <a href="http://first.example/">x</a> http://after.example/`), nil)
	if !s.Scan() || s.Match().Text != "http://first.example/" {
		t.Fatalf("first document: %+v, %v", s.Match(), s.Err())
	}
	doc := `<p>See https://例え.jp/資料 now <img src="/a.png"></p>`
	s.Reset(strings.NewReader(doc))
	got := htmlDescribe(doc, scanAll(t, s))
	want := []string{"scheme:https://例え.jp/資料", "img/src:/a.png"}
	if !slices.Equal(got, want) {
		t.Errorf("after Reset: %q, want %q", got, want)
	}
}

// TestHTMLMatchesKept keeps every match of a document with some thousand
// URL attributes (their strings share blocks of memory) and checks them
// after the whole document is read: each Text is the source at its offset,
// each IRI that Text with "&amp;" decoded, in both modes of the scanner
// (attributes only, and with text nodes).
func TestHTMLMatchesKept(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "<p>x</p><a href=\"/p/%d?a=1&amp;b=%d\" title=t>post</a><img src='/i/%d.png'>\n", i, i, i)
	}
	doc := b.String()
	for _, o := range []*HTMLOptions{{SkipText: true}, {}} {
		ms := findHTML(t, doc, o)
		if len(ms) != 6000 {
			t.Fatalf("SkipText %v: %d matches, want 6000", o.SkipText, len(ms))
		}
		for k, m := range ms {
			i := k / 2
			want, wantIRI := fmt.Sprintf("/p/%d?a=1&amp;b=%d", i, i), fmt.Sprintf("/p/%d?a=1&b=%d", i, i)
			if k%2 == 1 {
				want = fmt.Sprintf("/i/%d.png", i)
				wantIRI = want
			}
			if m.Text != want || m.IRI != wantIRI || doc[m.Offset:m.Offset+m.Length] != want {
				t.Fatalf("match %d: %q => %q at %d, want %q => %q", k, m.Text, m.IRI, m.Offset, want, wantIRI)
			}
		}
	}
}

// TestURLAttrNamed: attribute names are ASCII case-insensitive in HTML
// (the tokenizer lowers ASCII upper-case letters only).
func TestURLAttrNamed(t *testing.T) {
	for _, c := range []struct {
		name string
		kind urlList
		want string
	}{
		{"href", oneURL, "href"}, {"HREF", oneURL, "href"}, {"hReF", oneURL, "href"}, {"Src", oneURL, "src"},
		{"XLINK:HREF", oneURL, "xlink:href"}, {"xlink\x1ahref", 0, ""}, {"SrcSet", srcsetList, "srcset"},
		{"imageSrcSet", srcsetList, "imagesrcset"}, {"PING", spaceList, "ping"}, {"content", refreshURL, "content"},
		{"STYLE", cssDecls, "style"}, {"title", 0, ""}, {"hre", 0, ""}, {"hrefs", 0, ""}, {"", 0, ""},
		{"h\u0280ef", 0, ""}, {"\u212aref", 0, ""}, {strings.Repeat("a", 40), 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if k, n := urlAttrNamed([]byte(c.name)); k != c.kind || n != c.want {
				t.Fatalf("urlAttrNamed = %d, %q; want %d, %q", k, n, c.kind, c.want)
			}
		})
	}
}
