package scanner

import (
	"io"
	"slices"
	"strings"
	"testing"
)

// TestHTMLLongTokens checks issue 15.4: no token is too long. A 20 MiB
// attribute value, text node, script, comment, title, doctype or run of
// spaces in a tag streams through in pieces, with the scanner's memory
// bounded by its MaxLength, not by the token; the matches around it are
// found, and a URL attribute longer than MaxLength is passed over.
func TestHTMLLongTokens(t *testing.T) {
	const n = 20 << 20
	after := `<a href="/after">x</a> http://after.example/`
	wantAfter := []string{"a/href:/after", "scheme:http://after.example/"}
	for _, c := range []struct {
		name   string
		prefix string
		fill   byte
		suffix string
		want   []string
		opts   *HTMLOptions
	}{
		{"data: src", `<img alt=x src="data:image/png;base64,`, 'A', `" data-x=1 srcset="/s.png 2x">`, []string{"img/srcset:/s.png"}, nil},
		{"data: src, larger limit", `<img src="data:image/png;base64,`, 'A', `" longdesc="/l">`, []string{"img/longdesc:/l"}, &HTMLOptions{Options: Options{MaxLength: 1 << 20}}},
		{"unquoted attribute", `<img src=`, 'B', ` usemap="#m">`, []string{"img/usemap:#m"}, nil},
		{"attribute name", `<img `, 'c', `=1 src="/i.png">`, []string{"img/src:/i.png"}, nil},
		{"spaces in a tag", `<img src="/a.png"`, ' ', `href="/h">`, []string{"img/src:/a.png", "img/href:/h"}, nil},
		{"a href", `<a title=t href="http://example.com/`, 'x', `" ping="/p">y</a>`, []string{"a/ping:/p"}, nil},
		{"tag name", `<x`, 'y', ` src="/s">`, []string{"xyyyyyyyyyyyyyyy/src:/s"}, nil}, // names are cut at 16 bytes
		{"text", `<p>see http://start.example/ `, 'z', ` and http://end.example/</p>`, []string{"scheme:http://start.example/", "scheme:http://end.example/"}, nil},
		{"text with IRIs", `<p>`, ' ', `</p>`, nil, nil},
		{"script", `<script>var s = "`, 'q', `";</script>`, nil, nil},
		{"escaped script", `<script><!--<script>`, '-', `</script>--></script>`, nil, nil},
		{"comment", `<!-- http://in.comment/ `, '-', ` -->`, nil, nil},
		{"title", `<title>`, 't', `</title>`, nil, nil},
		{"doctype", `<!DOCTYPE html `, ' ', `>`, nil, nil},
		{"bogus comment", `<?xml `, 'x', `?>`, nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := io.MultiReader(strings.NewReader(c.prefix), &endlessReader{fill: c.fill, n: n},
				strings.NewReader(c.suffix+after))
			s := NewHTMLScanner(r, c.opts)
			var got []string
			maxSize := 0
			for s.Scan() {
				m := s.Match()
				tag := m.Kind.String()
				if m.Kind == KindAttr {
					tag = m.Element + "/" + m.Attr
				}
				got = append(got, tag+":"+m.Text)
				maxSize = max(maxSize, s.lx.Size())
			}
			maxSize = max(maxSize, s.lx.Size())
			if err := s.Err(); err != nil {
				t.Fatal(err)
			}
			want := append(slices.Clone(c.want), wantAfter...)
			if !slices.Equal(got, want) {
				t.Errorf("got %q, want %q", got, want)
			}
			limit := 1 << 20
			if c.opts != nil && c.opts.MaxLength > 0 {
				limit = 8 * c.opts.MaxLength
			}
			if maxSize > limit {
				t.Errorf("the lexer held %d bytes", maxSize)
			}
		})
	}
}

// TestHTMLLongText checks that every IRI of a text node far longer than the
// lexer's limit is found: the text is cut at spaces.
func TestHTMLLongText(t *testing.T) {
	var b strings.Builder
	b.WriteString("<p>")
	n := 0
	for b.Len() < 3<<20 {
		b.WriteString("Some words of text and http://example.com/a/b/c?d=e then more words. ")
		n++
	}
	b.WriteString("</p>")
	ms := findHTML(t, b.String(), nil)
	if len(ms) != n {
		t.Fatalf("%d matches, want %d", len(ms), n)
	}
	for _, m := range ms {
		if m.Text != "http://example.com/a/b/c?d=e" {
			t.Fatalf("match %q", m.Text)
		}
	}
}
