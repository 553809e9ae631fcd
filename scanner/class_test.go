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
