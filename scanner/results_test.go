package scanner

import (
	"strings"
	"testing"
)

// TestFindOwnStrings checks that the strings of Find's matches are their
// own: overwriting the text afterwards changes none of them (a Match's
// Text and IRI never alias the caller's bytes), and that Find gives what
// a Scanner gives on the same text, IRI forms that are not the text
// (a wrapped delimited form, characters percent-encoded) included.
func TestFindOwnStrings(t *testing.T) {
	in := "see http://example.org/a and <URL:http://example.com/very/\n long> then " +
		"http://x.example/{a}|b^c`d\\e, mail jane@example.org or www.example.net/x#a#b. " +
		strings.Repeat("filler without links, ", 200) + "last https://example.org/end"
	text := []byte(in)
	ms := Find(text, nil)
	want := scanAll(t, newBytesScanner([]byte(in), newFinder(nil)))
	if !sameMatches(ms, want) {
		t.Fatalf("Find and Scanner differ: %s", firstDiff(ms, want))
	}
	mapped, encoded := false, false
	var texts, iris []string
	for _, m := range ms {
		texts, iris = append(texts, strings.Clone(m.Text)), append(iris, strings.Clone(m.IRI))
		mapped = mapped || strings.Contains(m.Text, "\n")
		encoded = encoded || strings.Contains(m.IRI, "%7B")
	}
	if len(ms) < 6 || !mapped || !encoded {
		t.Fatalf("want six matches or more, a wrapped and an encoded one: %v", describe(ms))
	}
	for i := range text {
		text[i] = 'X'
	}
	for i, m := range ms {
		if m.Text != texts[i] || m.IRI != iris[i] {
			t.Fatalf("match %d changed with the text: %q %q, was %q %q", i, m.Text, m.IRI, texts[i], iris[i])
		}
	}
	if ms := Find([]byte("no links here"), nil); ms != nil {
		t.Fatalf("Find without a match = %v, want nil", ms)
	}
}
