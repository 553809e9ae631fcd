package scanner

import (
	"math/rand"
	"strings"
	"testing"
)

// afterWBytes is the definition of indexAfterW, one byte at a time: the
// offset from "from" of the first '.' at or after b[from] right after a
// 'w' or 'W', or -1.
func afterWBytes(b []byte, from int) int {
	for i := max(from, 1); i < len(b); i++ {
		if b[i] == '.' && b[i-1]|0x20 == 'w' {
			return i - from
		}
	}
	return -1
}

// TestIndexAfterW checks the search for the '.' of "www." of the builds
// without the fused search against its definition, with the '.' and the
// 'w' before it at every offset of a 32-byte block.
func TestIndexAfterW(t *testing.T) {
	filler := strings.Repeat("plain prose. no trigger here ", 8)
	tests := []struct{ name, text string }{
		{"www", "visit www.example"},
		{"WWW", "VISIT WWW.EXAMPLE"},
		{"w. in a word", "a new. line"},
		{"dot without w", "end. next"},
		{"w far from dot", "w x."},
		{"non-ASCII before dot", "é.ü. x"},
		{"W", "W."},
		{"0x77|0x80 before dot", "\xf7.\xd7."},
		{"dot first", ".w.w"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for pad := 0; pad < 70; pad++ {
				b := []byte(filler[:pad] + tt.text + filler[:pad%7])
				for from := 0; from <= len(b); from++ {
					want := afterWBytes(b, from)
					if got := indexAfterW(b, from); got != want {
						t.Fatalf("pad %d from %d: indexAfterW = %d, want %d", pad, from, got, want)
					}
				}
			}
		})
	}
	rng := rand.New(rand.NewSource(1))
	alphabet := []byte("ab wW.:@ \xe3\x80\x82")
	for n := 0; n < 3000; n++ {
		b := make([]byte, rng.Intn(200))
		for i := range b {
			b[i] = 'x'
			if rng.Intn(3) == 0 {
				b[i] = alphabet[rng.Intn(len(alphabet))]
			}
		}
		from := rng.Intn(len(b) + 1)
		if got, want := indexAfterW(b, from), afterWBytes(b, from); got != want {
			t.Fatalf("%q from %d: indexAfterW = %d, want %d", b, from, got, want)
		}
	}
}

// FuzzIndexAfterW checks the search for the '.' of "www." (that of the
// builds without the fused search) against its byte-at-a-time definition
// on arbitrary bytes and start offsets.
func FuzzIndexAfterW(f *testing.F) {
	f.Add([]byte(strings.Repeat("x", 31)+"w.example http://a@b"), uint16(3))
	f.Add([]byte("WWW.EXAMPLE.ORG"), uint16(0))
	f.Fuzz(func(t *testing.T, b []byte, from uint16) {
		i := int(from) % (len(b) + 1)
		if got, want := indexAfterW(b, i), afterWBytes(b, i); got != want {
			t.Fatalf("from %d: indexAfterW = %d, want %d", i, got, want)
		}
	})
}
