package scanner

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// cssDescribe renders CSS matches as "elem/attr css quote:text=>iri" and
// checks their offsets.
func cssDescribe(doc string, ms []Match) []string {
	var out []string
	for _, m := range ms {
		if doc[m.Offset:m.Offset+m.Length] != m.Text {
			out = append(out, fmt.Sprintf("BAD OFFSET %d for %q", m.Offset, m.Text))
		}
		s := m.Kind.String()
		if m.Kind == KindAttr || m.Kind == KindCSS {
			s = m.Element + "/" + m.Attr
		}
		if m.Kind == KindCSS {
			s += " " + string(rune(m.CSS))
			if m.Quote != 0 {
				s += string(rune(m.Quote))
			}
		}
		s += ":" + m.Text
		if m.IRI != m.Text {
			s += "=>" + m.IRI
		}
		if m.Decoded != (m.IRI != m.Text) {
			s += " (Decoded wrong)"
		}
		out = append(out, s)
	}
	return out
}

func TestHTMLStyle(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		want      []string
	}{
		{"style attribute", `<div style="background:url('http://例え.jp/背景.png')">`,
			[]string{`div/style '":http://例え.jp/背景.png`}},
		{"unquoted url in a style attribute", `<p style='background: url( a.png )'>`,
			[]string{`p/style ('` + ":a.png"}},
		{"unquoted attribute", `<p style=background:url(a.png)>`, []string{`p/style (:a.png`}},
		{"quotes as references", `<p style="background:url(&quot;http://例え.jp/a&quot;)">`,
			[]string{`p/style ""` + ":http://例え.jp/a"}},
		{"reference inside the URL", `<p style="b:url('/a?x=1&amp;y=2')">`,
			[]string{`p/style '"` + ":/a?x=1&amp;y=2=>/a?x=1&y=2"}},
		{"legacy reference stays in a query", `<p style="b:url('/a?x=1&copy=2')">`,
			[]string{`p/style '"` + ":/a?x=1&copy=2"}},
		{"paren as a reference", `<p style="b:url&lpar;a.png&rpar;">`, []string{`p/style (":a.png`}},
		{"CSS escape", `<p style="b:url('\30D1 .png')">`, []string{`p/style '":\30D1 .png=>パ.png`}},
		{"two declarations", `<p style="a:url(x.png);b:image-set('y.png' 1x)">`,
			[]string{`p/style (":x.png`, `p/style '":y.png`}},
		{"SVG element", `<svg><rect style="fill:url(#g)"/></svg>`, []string{`rect/style (":#g`}},
		{"no URL", `<p style="color:red">`, nil},
		{"string is no URL", `<p style="content:'http://x.example/'">`, nil},
		{"comment", `<p style="/* url(x.png) */color:red">`, nil},
		{"style element", `<style>@import "a.css"; p{background:url(b.png)}</style>`,
			[]string{`style/ ":a.css`, `style/ (:b.png`}},
		{"style element upper case", `<STYLE type="text/css">p{b:url("a.png")}</STYLE>`, []string{`style/ ":a.png`}},
		{"style element: no references decoded", `<style>p{b:url("a&amp;b")}</style>`, []string{`style/ ":a&amp;b`}},
		{"style element ended by the input", `<style>p{b:url(a.png`, []string{`style/ (:a.png`}},
		{"style element, then an attribute", `<style>p{b:url(a.png)}</style><a href=x>`, []string{`style/ (:a.png`, "a/href:x"}},
		{"url at the end of the style element", `<style>p{b:url(a.png</style><p style="b:url(c)">`,
			[]string{`style/ (:a.png`, `p/style (":c`}},
		{"style attribute on a style element", `<style style="b:url(a)">p{b:url(b)}</style>`,
			[]string{`style/style (":a`, `style/ (:b`}},
		{"two references ended with the element", `<style>url(a)url(b)</style>`, []string{`style/ (:a`, `style/ (:b`}},
		{"script is not CSS", `<script>x="url(a.png)"</script>`, nil},
		{"empty style element", `<style></style><a href=x>`, []string{"a/href:x"}},
		{"comment in the style element", `<style><!-- p{b:url(a)} --></style>`, []string{`style/ (:a`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, size := range []int{1, 2, 3, 7, 4096} {
				ms := scanRetained(t, NewHTMLScanner(&splitReader{data: []byte(c.doc), sizes: []int{size}}, nil))
				if got := cssDescribe(c.doc, ms); !slices.Equal(got, c.want) {
					t.Fatalf("reads of %d:\n\tgot  %q\n\twant %q", size, got, c.want)
				}
			}
		})
	}
}

// A linkifier never gets CSS matches: nothing is written into CSS.
func TestHTMLStyleLinkText(t *testing.T) {
	doc := `<style>p{b:url(http://a.example/)}</style><p style="b:url(http://b.example/)">http://c.example/</p>`
	ms := findHTML(t, doc, &HTMLOptions{SkipAttributes: true, LinkText: true})
	if got, want := cssDescribe(doc, ms), []string{"scheme:http://c.example/"}; !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// A style element longer than the lexer's limit comes in pieces; a URL cut
// between two of them is one match, and Retained never passes its start.
func TestHTMLStyleLong(t *testing.T) {
	var b strings.Builder
	b.WriteString("<style>")
	var want []string
	for i := 0; b.Len() < 200<<10; i++ {
		u := fmt.Sprintf("http://example.org/%d/背景.png", i)
		fmt.Fprintf(&b, "p.c%d{background:url(%s)}\n", i, u)
		want = append(want, "style/ (:"+u)
	}
	b.WriteString("</style>")
	doc := b.String()
	for _, size := range []int{4096, 997} {
		s := NewHTMLScanner(&splitReader{data: []byte(doc), sizes: []int{size}}, &HTMLOptions{Options: Options{MaxLength: 100}})
		ms := scanRetained(t, s)
		if got := cssDescribe(doc, ms); !slices.Equal(got, want) {
			t.Fatalf("reads of %d: %d matches, want %d; first diff %s", size, len(got), len(want), firstDiffStrings(got, want))
		}
	}
}

func firstDiffStrings(a, b []string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("at %d: %q vs %q", i, a[i], b[i])
		}
	}
	return "length"
}

// Retained stays at or before the start of every match still to come.
func TestHTMLStyleRetained(t *testing.T) {
	doc := "<style>" + strings.Repeat("/* padding */", 3000) + "p{b:url(http://example.org/x.png)}</style>"
	s := NewHTMLScanner(&splitReader{data: []byte(doc), sizes: []int{100}}, &HTMLOptions{Options: Options{MaxLength: 100}})
	r := &retainCheck{s: s}
	s.lx.Reset(r)
	r.doc = []byte(doc)
	for s.Scan() {
		m := s.Match()
		if m.Offset < r.maxRetained {
			t.Fatalf("match at %d after Retained said %d", m.Offset, r.maxRetained)
		}
	}
	if r.calls == 0 {
		t.Fatal("Retained never asked")
	}
}

// retainCheck is a reader that asks the scanner's Retained before each read.
type retainCheck struct {
	s           *HTMLScanner
	doc         []byte
	off         int
	maxRetained int64
	calls       int
}

func (r *retainCheck) Read(p []byte) (int, error) {
	if x := r.s.Retained(); x > r.maxRetained {
		r.maxRetained = x
	}
	r.calls++
	if r.off == len(r.doc) {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), 100)], r.doc[r.off:])
	r.off += n
	return n, nil
}

func TestCSSScanner(t *testing.T) {
	css := "@charset \"utf-8\";\n@import url(\"base.css\");\n@import 'print.css' print;\n" +
		"/* url(no.png) */\nbody{background:url(背景.png) no-repeat;content:\"url(no)\"}\n" +
		"@font-face{src:url(f.woff2) format(\"woff2\"),local(\"F\")}\n" +
		".h{background-image:image-set(\"a.png\" 1x,'a@2x.png' 2x)}\n"
	want := []string{`/ ":base.css`, `/ ':print.css`, `/ (:背景.png`, `/ (:f.woff2`, `/ ":a.png`, `/ ':a@2x.png`}
	for _, size := range []int{1, 5, 64, 4096} {
		ms := scanAll(t, NewCSSScanner(&splitReader{data: []byte(css), sizes: []int{size}}, nil))
		if got := cssDescribe(css, ms); !slices.Equal(got, want) {
			t.Fatalf("reads of %d:\n\tgot  %q\n\twant %q", size, got, want)
		}
	}
}

// scanRetained is scanAll checking that no match starts before what
// Retained said after an earlier Scan.
func scanRetained(t *testing.T, s *HTMLScanner) []Match {
	t.Helper()
	var ms []Match
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
