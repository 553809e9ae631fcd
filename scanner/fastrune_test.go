package scanner

import (
	"math/rand"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestLastRune checks lastRune against utf8.DecodeLastRune on every rune
// after each kind of byte that can stand before it, and on random bytes.
func TestLastRune(t *testing.T) {
	prefixes := [][]byte{nil, []byte("a"), {0x80}, {0xE3}, {0xE3, 0x81}, {0xF0, 0x9F}, {0xED}, {0xC2}}
	var buf [8]byte
	for r := rune(0); r <= utf8.MaxRune; r++ {
		n := utf8.EncodeRune(buf[:], r)
		for _, p := range prefixes {
			b := append(append([]byte{}, p...), buf[:n]...)
			want, _ := utf8.DecodeLastRune(b)
			if got := lastRune(b); got != want {
				t.Fatalf("lastRune(% x) = %U, want %U", b, got, want)
			}
		}
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 1_000_000; i++ {
		b := make([]byte, rng.Intn(6))
		for j := range b {
			b[j] = byte(0x80 + rng.Intn(0x80))
			if rng.Intn(4) == 0 {
				b[j] = byte(0xE0 + rng.Intn(0x10))
			}
		}
		want, _ := utf8.DecodeLastRune(b)
		if got := lastRune(b); got != want {
			t.Fatalf("lastRune(% x) = %U, want %U", b, got, want)
		}
	}
}

// TestIsCJK checks isCJK against its definition on every rune: the Han,
// Hiragana, Katakana and Hangul scripts, U+3000–U+30FF and U+FF00–U+FFEF.
func TestIsCJK(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		want := r >= 0x1100 && (r >= 0x3000 && r <= 0x30FF || r >= 0xFF00 && r <= 0xFFEF ||
			unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul))
		if got := isCJK(r); got != want {
			t.Fatalf("isCJK(%U) = %v, want %v", r, got, want)
		}
	}
}

// TestIsCJKLetter checks isCJKLetter on runes whose script Unicode gives
// (Scripts.txt: 々 〇 〡 are Han, 。 、 「 ・ are Common; the prolonged sound
// mark ー, Common, counts as a letter, as isCJKLetter says), then against its
// definition on every rune.
func TestIsCJKLetter(t *testing.T) {
	for r, want := range map[rune]bool{
		'々': true, '〇': true, '〡': true, 'あ': true, 'ア': true, 'ー': true, '漢': true, '한': true,
		'。': false, '、': false, '「': false, '・': false, '　': false, 'a': false, 'é': false,
	} {
		if got := isCJKLetter(r); got != want {
			t.Errorf("isCJKLetter(%q) = %v, want %v", r, got, want)
		}
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if got, want := isCJKLetter(r), isCJKLetterSlow(r); got != want {
			t.Fatalf("isCJKLetter(%U) = %v, want %v", r, got, want)
		}
	}
}

// TestFusedCloserHigh checks fusedCloserHigh against quoteClosers for a
// candidate after every non-ASCII rune, and groff's ⟨.
func TestFusedCloserHigh(t *testing.T) {
	var buf [8]byte
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		n := utf8.EncodeRune(buf[:], r)
		w := append(append([]byte("x"), buf[:n]...), "http://a.example/"...)
		s := 1 + n
		var want rune
		for _, q := range quoteClosers {
			if q.open == r {
				want = q.close
			}
		}
		wantOK := r != 0x27E8
		if got, ok := fusedCloserHigh(w, s, 0); got != want || ok != wantOK {
			t.Fatalf("after %U: closer %U, ok %v; want %U, %v", r, got, ok, want, wantOK)
		}
	}
	// ⟨ before lastEnd is no delimiter (its first byte is outside).
	w := []byte("\u27E8http://a.example/")
	if _, ok := fusedCloserHigh(w, 3, 1); !ok {
		t.Error("⟨ across lastEnd taken as a delimiter")
	}
}
