package scanner

import (
	"bytes"
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

// FuzzLinkTexts checks HTMLOptions.LinkTexts: no panic; the same matches
// whether the document arrives whole or in small reads; with the link
// texts left out, exactly the matches of a scanner without the option;
// each link text inside the document, no longer than MaxLength, its text
// trimmed with single spaces; and no match starts before the Retained
// offset read before the Scan that found it (so a caller may drop what
// lies before).
func FuzzLinkTexts(f *testing.F) {
	for _, s := range []string{
		`<a href="http://evil.example/">https://www.paypal.com/</a> see www.example.org.`,
		"<a href='/x'><span>Pay&#80;al</span>\n <b>.com</b></a><a href=/y>unclosed",
		`<a href=/1>one<a href=/2>two<script>x</script></a><a name=x>no</a>`,
		`<a href="/l">` + strings.Repeat("w ", 200) + `</a> http://after.example/`,
	} {
		f.Add([]byte(s), uint8(5))
	}
	const maxLen = 256
	opts := &HTMLOptions{Options: Options{MaxLength: maxLen}, LinkTexts: true}
	f.Fuzz(func(t *testing.T, data []byte, chunk uint8) {
		var whole []Match
		s := NewHTMLScanner(bytes.NewReader(data), opts)
		for {
			before := s.Retained()
			if !s.Scan() {
				break
			}
			m := s.Match()
			if m.Offset < before {
				t.Fatalf("match %+v before Retained %d", m, before)
			}
			whole = append(whole, m)
		}
		got := scanAll(t, NewHTMLScanner(&splitReader{data: data, sizes: []int{int(chunk%16) + 1}}, opts))
		if !sameMatches(got, whole) {
			t.Fatalf("chunked: %s", firstDiff(got, whole))
		}
		var others []Match
		for _, m := range whole {
			if m.Kind != KindLinkText {
				others = append(others, m)
				continue
			}
			if m.Offset < 0 || m.Length < 0 || m.Offset+m.Length > int64(len(data)) || m.Length > maxLen {
				t.Fatalf("link text %+v outside the input of %d bytes or too long", m, len(data))
			}
			if m.Text == "" || strings.TrimSpace(m.Text) != m.Text || strings.Contains(m.Text, "  ") || strings.ContainsAny(m.Text, "\t\n\r\f") {
				t.Fatalf("link text %q not collapsed", m.Text)
			}
		}
		plain := scanAll(t, NewHTMLScanner(bytes.NewReader(data), &HTMLOptions{Options: Options{MaxLength: maxLen}}))
		if !sameMatches(others, plain) {
			t.Fatalf("LinkTexts changed the other matches: %s", firstDiff(others, plain))
		}
	})
}
