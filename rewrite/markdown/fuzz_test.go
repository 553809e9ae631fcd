package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/rewrite"
)

// FuzzMarkdown rewrites and linkifies any input: no panic; the output is
// the input with its edits and nothing else; goldmark reads the output as
// it read the input (the same code, the same nodes, and for a linkify the
// same text with one more link per edit); Find's offsets hold its Text.
func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{
		"See http://例え.jp/テスト.\n",
		"`http://a.example/` [http://b.example/](http://例え.jp/ \"t\") <http://例え.jp/>\n",
		"| a | b |\n|---|---|\n| http://例え.jp/a\\|b | www.例え.jp |\n",
		"*http://example.org/*a* http://example.org/a\\_b&amp;c\n",
		"[r]: <http://例え.jp/a b>\n\n![x][r] me@例え.jp\n",
		"<a href=x>http://example.org/</a> !http://example.org/ ~~www.example.org~~\n",
		"    http://例え.jp/\n```\nhttp://例え.jp/\n```\n<div>\nhttp://例え.jp/\n</div>\n",
		"> - [ ] http://[2001:db8::1]/a_(b)*c*\n",
		"الموقع https://مثال.مصر/صفحة، شكراً\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ms, err := Find([]byte(in), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			if m.Offset < 0 || m.Offset+m.Length > int64(len(in)) || in[m.Offset:m.Offset+m.Length] != m.Text {
				t.Fatalf("match %+v does not hold its text", m)
			}
		}
		for _, to := range []rewrite.Form{rewrite.URI, rewrite.IRI, rewrite.Link} {
			var edits []rewrite.Edit
			o := rewrite.Options{To: to, OnEdit: func(e rewrite.Edit) {
				edits = append(edits, rewrite.Edit{Offset: e.Offset, Length: e.Length, New: bytes.Clone(e.New)})
			}}
			var out bytes.Buffer
			res, err := Rewrite(&out, strings.NewReader(in), o)
			if err != nil {
				t.Fatal(err)
			}
			if res.Edits != int64(len(edits)) {
				t.Fatalf("%v: %d edits, Result says %d", to, len(edits), res.Edits)
			}
			if err := keptOutside(in, out.String(), edits); err != nil {
				t.Fatalf("%v: %v", to, err)
			}
			if to == rewrite.Link {
				err = checkLinkify([]byte(in), out.Bytes(), len(edits))
			} else {
				err = checkRewrite([]byte(in), out.Bytes(), len(edits))
			}
			if err != nil {
				t.Fatalf("%v: %v\nin:  %q\nout: %q", to, err, in, out.String())
			}
		}
	})
}
