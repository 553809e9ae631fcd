package scanner

import (
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
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
	for _, n := range []int{math.MaxInt, math.MaxInt - 1, math.MaxInt / 2, math.MaxInt / 8, math.MaxInt/8 + 1, len(text) + 1} {
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

// TestScannerMaxLengthLarge: a Scanner with a large maximum length makes
// its window as the text comes, not up front (a window of twice
// math.MaxInt/8 cannot be made), and still finds a match longer than its
// first window, read a few bytes at a time.
func TestScannerMaxLengthLarge(t *testing.T) {
	text := "see <http://example.org/a> and www.example.com, jane@example.org"
	want := []string{"http://example.org/a", "www.example.com", "jane@example.org"}
	for _, n := range []int{math.MaxInt, math.MaxInt / 8, math.MaxInt / 4} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s := NewScanner(strings.NewReader(text), &Options{MaxLength: n})
		var got []string
		for s.Scan() {
			got = append(got, s.Match().Text)
		}
		runtime.ReadMemStats(&after)
		if s.Err() != nil || !slices.Equal(got, want) {
			t.Fatalf("MaxLength %d: %q, %v; want %q", n, got, s.Err(), want)
		}
		if a := after.TotalAlloc - before.TotalAlloc; a > 4<<20 {
			t.Errorf("MaxLength %d: %d bytes allocated for a text of %d", n, a, len(text))
		}
	}
	// A path of 3 MiB, more than the first window, found whole.
	long := "http://example.org/" + strings.Repeat("abcdefgh/", 3<<20/9)
	s := NewScanner(iotest.HalfReader(strings.NewReader("x "+long+" y")), &Options{MaxLength: 4 << 20})
	if !s.Scan() || s.Match().Text != long || s.Match().Offset != 2 {
		t.Fatalf("long match: %v %d, %v", s.Match().Offset, len(s.Match().Text), s.Err())
	}
	if s.Scan() {
		t.Fatalf("a second match %q", s.Match().Text)
	}
}
