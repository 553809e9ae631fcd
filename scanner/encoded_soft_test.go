package scanner

import (
	"slices"
	"testing"
)

// A scheme right after sentence punctuation starts a new IRI, and so it
// does right after that punctuation percent-encoded, as a rewrite to URIs
// writes it: rewriting twice must give what rewriting once gives. An
// encoded mark at the end of a match stays in it (it is no punctuation of
// the sentence), and a non-ASCII octet is no punctuation.
func TestEncodedSoftPunctuation(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{`see http://a.example/#x"y"https://b.example/ now`, []string{`http://a.example/#x"y"`, "https://b.example/"}},
		{`see http://a.example/#x%22y%22https://b.example/ now`, []string{"http://a.example/#x%22y%22", "https://b.example/"}},
		{`see http://a.example/p%27https://b.example/`, []string{"http://a.example/p%27", "https://b.example/"}},
		{`see http://a.example/p%2Chttps://b.example/`, []string{"http://a.example/p%2C", "https://b.example/"}},
		{`see http://a.example/p%2chttp://b.example/.`, []string{"http://a.example/p%2c", "http://b.example/"}},
		{`see http://a.example/p%2Fhttps://b.example/`, []string{"http://a.example/p%2Fhttps://b.example/"}},
		{`see http://a.example/p%E3%80%82https://b.example/`, []string{"http://a.example/p%E3%80%82https://b.example/"}},
		{`see http://a.example/p%22.`, []string{"http://a.example/p%22"}},
		{`see http://a.example/p%2`, []string{"http://a.example/p%2"}},
	} {
		var got []string
		for _, m := range Find([]byte(c.text), nil) {
			got = append(got, m.Text)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got  %q\n want %q", c.text, got, c.want)
		}
	}
}
