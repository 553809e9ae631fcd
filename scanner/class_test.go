package scanner

import "testing"

// The tables behind classOf agree with classOfSlow.
func TestClassTables(t *testing.T) {
	for r := rune(0x80); r <= 0xFFFF; r++ {
		for _, q := range []bool{false, true} {
			if r < 0x3100 || isCJKLetterBlock(r) {
				if got, want := classOf(r, q), classOfSlow(r, q); got != want {
					t.Fatalf("classOf(%U, %v) = %d, classOfSlow says %d", r, q, got, want)
				}
			}
		}
	}
}

// TestMatchesBrackets: the bracket pairs of UTS #58 (LinkBracket.txt) as
// matches reads them, the ASCII ones from its table: ( ) [ ] { } and < >
// pair, nothing else does, and a non-ASCII pair still matches.
func TestMatchesBrackets(t *testing.T) {
	pairs := map[[2]rune]bool{{'(', ')'}: true, {'[', ']'}: true, {'{', '}'}: true, {'<', '>'}: true}
	for o := rune(0); o < 0x80; o++ {
		for c := rune(0); c < 0x80; c++ {
			if got := matches(o, c); got != pairs[[2]rune{o, c}] {
				t.Errorf("matches(%q, %q) = %v", o, c, got)
			}
		}
	}
	if !matches('（', '）') || matches('(', '）') || matches('（', ')') || !matches('【', '】') {
		t.Error("full-width brackets")
	}
}
