package scanner

import (
	"math"
	"testing"
)

// TestFindMaxLengthUnbounded: a maximum length longer than the text
// limits nothing, up to math.MaxInt: Find gives the matches of the
// default limit, with and without Refang. (Positions plus the maximum
// length overflowed: a <…> form after a limit of math.MaxInt panicked
// with a slice bound below 0, and Refang's window of twice the limit
// could not be made.)
func TestFindMaxLengthUnbounded(t *testing.T) {
	text := "see <http://example.org/a> and www.example.com, jane@example.org or hxxps://evil[.]example/x"
	want := []string{"http://example.org/a", "www.example.com", "jane@example.org"}
	wantRefang := append(want, "hxxps://evil[.]example/x")
	for _, n := range []int{math.MaxInt, math.MaxInt - 1, math.MaxInt / 2, math.MaxInt / 8, 1 << 40, len(text) + 1} {
		for _, refang := range []bool{false, true} {
			w := want
			if refang {
				w = wantRefang
			}
			got := Find([]byte(text), &Options{MaxLength: n, Refang: refang})
			if len(got) != len(w) {
				t.Fatalf("MaxLength %d, Refang %v: %d matches %v, want %q", n, refang, len(got), describe(got), w)
			}
			for i, m := range got {
				if m.Text != w[i] {
					t.Fatalf("MaxLength %d, Refang %v: match %d is %q, want %q", n, refang, i, m.Text, w[i])
				}
			}
		}
	}
}
