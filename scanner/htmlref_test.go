package scanner

import (
	"slices"
	"testing"

	"github.com/iriscan/iriscan/scanner/internal/htmllex"
)

// TestHTMLAttrLegacyRefs checks issue 15.1 on every legacy reference name
// of the HTML Standard: in an attribute value, "&name" without ';' followed
// by '=' or an ASCII alphanumeric is not a reference, so a query such as
// "?a=1&copy=2" keeps its bytes; with ';' it is decoded.
func TestHTMLAttrLegacyRefs(t *testing.T) {
	for _, n := range htmllex.LegacyNames() {
		for _, c := range []struct{ href, want string }{
			{"/p?a=1&" + n + "=2&reg=1", "/p?a=1&" + n + "=2&reg=1"},
			{"/p?" + n + "=1&" + n + "Q=2", "/p?" + n + "=1&" + n + "Q=2"},
			{"/p?a&" + n + "=", "/p?a&" + n + "="},
		} {
			t.Run(c.href, func(t *testing.T) {
				doc := `<a href="` + c.href + `">x</a>`
				ms := findHTML(t, doc, nil)
				if len(ms) != 1 || ms[0].IRI != c.want || ms[0].Decoded {
					t.Fatalf("got %+v, want the IRI %q undecoded", ms, c.want)
				}
			})
		}
	}
}

// TestHTMLAttrRefs checks references with ';' and numeric ones in
// attribute values (HTML Standard, character reference state).
func TestHTMLAttrRefs(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{`<a href="/p?a=1&amp;b=2">`, "/p?a=1&b=2"},
		{`<a href="/p?a=1&amp;copy=2">`, "/p?a=1&copy=2"},
		{`<a href="/p?a=1&copy;=2">`, "/p?a=1©=2"},
		{`<a href="/p?x=&copy">`, "/p?x=©"},
		{`<a href="/p?x=&copy&y=1">`, "/p?x=©&y=1"},
		{`<a href='/p?a=1&not=2&notin;'>`, "/p?a=1&not=2∉"},
		{`<a href=/p?a=1&reg=2&lt;>`, "/p?a=1&reg=2<"},
		{`<a href="/p?a=1&#x26;b=2">`, "/p?a=1&b=2"},
		{`<a href="/p?a=1&#38;b=2">`, "/p?a=1&b=2"},
		{`<a href="/p?a=1&#x26b=2">`, "/p?a=1\u026b=2"}, // b is a hex digit
		{`<a href="/p?a=1&#38b=2">`, "/p?a=1&b=2"},
		{`<a href="/p?a=1&#x26=2">`, "/p?a=1&=2"},
		{`<a href="/p?a=1&#38=2">`, "/p?a=1&=2"},
		{`<img srcset="/a?x=1&copy=2 1x, /b?&reg;=1 2x">`, "/a?x=1&copy=2"},
		{`<meta http-equiv=refresh content="0; url=/r?a=1&para=2">`, "/r?a=1&para=2"},
	} {
		t.Run(c.doc, func(t *testing.T) {
			ms := findHTML(t, c.doc, nil)
			if len(ms) == 0 || ms[0].IRI != c.want {
				t.Fatalf("got %+v, want the IRI %q", ms, c.want)
			}
		})
	}
}

// TestHTMLRawText checks that the text of raw-text elements is never
// scanned (it holds no text node: references are not decoded, nothing is
// markup), and that LinkText also leaves out escapable raw text and SVG
// and MathML content (HTML Standard, tokenization and "parsing tokens in
// foreign content").
func TestHTMLRawText(t *testing.T) {
	const u = "http://x.example/"
	for _, c := range []struct {
		doc        string
		text, link []string // matches without and with LinkText
	}{
		{`<p>` + u, []string{u}, []string{u}},
		{`<xmp>` + u + `</xmp>`, nil, nil},
		{`<iframe>` + u + `</iframe>`, nil, nil},
		{`<noembed>` + u + `</noembed>`, nil, nil},
		{`<noframes>` + u + `</noframes>`, nil, nil},
		{`<noscript>` + u + `</noscript>`, nil, nil},
		{`<plaintext>` + u, nil, nil},
		{`<script>` + u + `</script>`, nil, nil},
		{`<style>` + u + `</style>`, nil, nil},
		{`<title>` + u + `</title>`, []string{u}, nil},
		{`<textarea>` + u + `</textarea>`, []string{u}, nil},
		{`<TITLE/>` + u + `</title>`, []string{u}, nil},
		{`<svg><text>` + u + `</text></svg>`, []string{u}, nil},
		{`<math><mtext>` + u + `</mtext></math>` + u, []string{u, u}, []string{u}},
		{`<svg><g><p>` + u, []string{u}, []string{u}},
		{`<svg><foreignObject><p>` + u + `</p></foreignObject></svg>`, []string{u}, nil},
	} {
		t.Run(c.doc, func(t *testing.T) {
			for _, link := range []bool{false, true} {
				want := c.text
				if link {
					want = c.link
				}
				var got []string
				for _, m := range findHTML(t, c.doc, &HTMLOptions{SkipElements: []string{}, LinkText: link}) {
					got = append(got, m.Text)
				}
				if !slices.Equal(got, want) {
					t.Errorf("LinkText %v: got %q, want %q", link, got, want)
				}
			}
		})
	}
}
