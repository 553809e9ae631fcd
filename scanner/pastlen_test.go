//go:build linux

package scanner

import (
	"strings"
	"syscall"
	"testing"
)

// TestFindReadsOnlyItsText: Find reads no byte past the end of its text,
// even where the slice's capacity runs on (a caller may be filling the
// rest of its buffer from another goroutine while it scans the part
// before: those bytes are not its text, and reading them is a data race).
// Each text ends right before a page that faults, with a capacity of 64
// bytes into that page. (The top-level label was read as a word of eight
// bytes whenever the capacity allowed: "see www.example.com" read five
// bytes past ".com".)
func TestFindReadsOnlyItsText(t *testing.T) {
	texts := []string{"see www.example.com", "jane@example.org", "http://example.com", "mail info@例え.jp", "example.com", "http://a.b.c.d.info"}
	for _, row := range fusedRows {
		for _, text := range row.texts {
			texts = append(texts, text, "see "+text, text+".")
		}
	}
	for _, s := range texts {
		if len(s) > syscall.Getpagesize() {
			continue
		}
		b, _ := guarded(t, len(s)) // a fault past len(b), inside cap(b)
		copy(b, s)
		for _, o := range []*Options{nil, {Fuzzy: true}, {MaxLength: 20}} {
			want := Find([]byte(strings.Clone(s)), o)
			if got := Find(b, o); !sameMatches(got, want) {
				t.Fatalf("%q options %+v: %s", s, o, firstDiff(got, want))
			}
		}
	}
}
