package rewrite

import (
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
