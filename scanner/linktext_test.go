package scanner

import (
	"reflect"
	"strings"
	"testing"
)

func TestLinkTexts(t *testing.T) {
	type lt struct {
		off, len  int64
		text, iri string
	}
	tests := []struct {
		name string
		doc  string
		want []lt
	}{
		{"phishing", `<p><a href="https://evil.example/x">https://www.paypal.com/signin</a>`,
			[]lt{{36, 29, "https://www.paypal.com/signin", "https://evil.example/x"}}},
		{"markup and references", "<a href='http://x.example/?a=1&amp;b=2'><span>Pay&#80;al</span>\n  <b>.com</b></a>",
			[]lt{{40, 37, "PayPal .com", "http://x.example/?a=1&b=2"}}},
		{"no href", `<a name=top>https://a.example/</a>`, nil},
		{"empty text", `<a href=/x><img src=i.png></a>`, nil},
		{"unclosed at the end", `<a href=/x> see www.example.org `,
			[]lt{{11, 21, "see www.example.org", "/x"}}},
		{"a closes a", `<a href=/1>one<a href=/2>two</a>`,
			[]lt{{11, 3, "one", "/1"}, {25, 3, "two", "/2"}}},
		{"script left out", `<a href=/s>x<script>var u="http://a.example/"</script>y</a>`,
			[]lt{{11, 44, "xy", "/s"}}},
		{"too long", `<a href=/l>` + strings.Repeat("w ", 5000) + `</a>`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewHTMLScanner(strings.NewReader(tt.doc), &HTMLOptions{LinkTexts: true})
			var got []lt
			for s.Scan() {
				m := s.Match()
				if m.Kind == KindLinkText {
					got = append(got, lt{m.Offset, m.Length, m.Text, m.IRI})
					if m.Element != "a" || m.Attr != "href" {
						t.Errorf("element %q attr %q", m.Element, m.Attr)
					}
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
			// Without the option, no link texts.
			s = NewHTMLScanner(strings.NewReader(tt.doc), nil)
			for s.Scan() {
				if s.Match().Kind == KindLinkText {
					t.Errorf("KindLinkText without LinkTexts")
				}
			}
		})
	}
}
