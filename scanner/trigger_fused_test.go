package scanner

import (
	"fmt"
	"testing"

	"github.com/iriscan/iriscan/scanner/scantest"
)

// TestEscapeOrHash checks iriForm's table against its definition: the
// bytes of needsEscape and '#'.
func TestEscapeOrHash(t *testing.T) {
	for c := 0; c < 256; c++ {
		if want := needsEscape[c] || c == '#'; escapeOrHash[c] != want {
			t.Errorf("escapeOrHash[%#x] = %v, want %v", c, escapeOrHash[c], want)
		}
	}
}

// TestFusedScannerSame scans generated prose of five scripts, sparse and
// dense in links, with the fused trigger search and with the separate
// searches of the builds without it: the matches must be the same.
func TestFusedScannerSame(t *testing.T) {
	for _, lang := range []struct {
		name string
		lang *scantest.Language
	}{{"English", &scantest.English}, {"Japanese", &scantest.Japanese}, {"Chinese", &scantest.Chinese},
		{"Arabic", &scantest.Arabic}, {"Russian", &scantest.Russian}} {
		for _, every := range []int{1, 64, 2048} {
			t.Run(fmt.Sprintf("%s/%d", lang.name, every), func(t *testing.T) {
				text := scantest.Prose(256<<10, every, lang.lang, int64(every))
				fused := scanAll(t, newBytesScanner(text, newFinder(nil)))
				sep := newBytesScanner(text, newFinder(nil))
				sep.fused = false
				if got := scanAll(t, sep); !sameMatches(got, fused) {
					t.Fatalf("separate searches differ: %s", firstDiff(got, fused))
				}
				if len(fused) == 0 {
					t.Fatal("no match found")
				}
			})
		}
	}
}

// TestFindFarText checks Find over a text larger than farText, searched
// in runs of farRun bytes, against a Scanner over it, in Japanese and in
// English (with colons of prose the loop drops).
func TestFindFarText(t *testing.T) {
	if testing.Short() {
		t.Skip("texts of 9 MiB")
	}
	for _, lang := range []*scantest.Language{&scantest.Japanese, &scantest.English} {
		text := scantest.Prose(farText+1<<20, 300, lang, 9)
		got := Find(text, nil)
		if want := scanAll(t, newBytesScanner(text, newFinder(nil))); !sameMatches(got, want) {
			t.Fatalf("Find and a Scanner differ: %s", firstDiff(got, want))
		}
		if len(got) < 10000 {
			t.Fatalf("%d matches, want some 30,000", len(got))
		}
	}
}
