package scanner

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/scanner/scantest"
)

// TestIndexTriggerFused checks the fused trigger search (each vector loop
// the build and CPU have) on texts whose first trigger a reader can point
// at: ':' and '@' anywhere, '.' only right after two bytes 'w' or 'W'.
func TestIndexTriggerFused(t *testing.T) {
	tests := []struct {
		name, text string
		want       int // index of the first trigger from 0, or -1
	}{
		{"empty", "", -1},
		{"no trigger", "plain prose, e.g. this. And that.", -1},
		{"colon", "see http", -1},
		{"scheme", "see http://x", 8},
		{"clock", "at 10:30", 5},
		{"at sign", "mail jane@example.org", 9},
		{"www", "visit www.example.org", 9},
		{"WWW", "VISIT WWW.EXAMPLE.ORG", 9},
		{"Www", "see Www.example.org", 7},
		{"ww. in a word", "the aww. x", 7},
		{"w. in a word", "a new. day", -1},
		{"w. after w and a dot", "w.w. x", -1},
		{"w. at the start", "w. x", -1},
		{"ww. at the start", "ww. x", 2},
		{"dot after v", "the vv.x", -1},
		{"dot after vw", "the vw.x", -1},
		{"dot after wv", "the wv.x", -1},
		{"dot first", ".ww.", 3},
		{"0xf7 before dot", "\xf7\xf7.\xd7\xd7.", -1}, // 0xf7|0x20 is 0xf7, not 'w'
		{"0x57 before dot", "\x57\x57.", 2},           // 'W'
		{"fullwidth colon", "時刻：十時", -1},
		{"ideographic stop", "です。www。", -1},
		{"colon after dot", "e.g.: x", 4},
	}
	filler := strings.Repeat("Plain text. No trigger here, none at all; ", 8)
	for name, find := range fusedImpls() {
		for _, tt := range tests {
			t.Run(name+"/"+tt.name, func(t *testing.T) {
				// The text at every offset of a 16- and 32-byte vector,
				// the filler after it at every length up to 70.
				for pad := 0; pad < 70; pad++ {
					b := []byte(filler[:pad] + tt.text + filler[:(pad*7)%71])
					want := -1
					if tt.want >= 0 {
						want = pad + tt.want
					}
					if got := find(b, 0); got != want {
						t.Fatalf("pad %d: %q: got %d, want %d", pad, b, got, want)
					}
					for from := 0; from <= len(b); from++ {
						if got, want := find(b, from), indexTriggerBytes(b, from); got != want {
							t.Fatalf("pad %d from %d: %q: got %d, want %d", pad, from, b, got, want)
						}
					}
				}
			})
		}
	}
}

// TestIndexTriggerFusedRandom holds the vector loops to the byte-at-a-time
// definition on random buffers dense in triggers and near misses, of every
// length up to 200 (the 16-, 32- and 64-byte edges of the loops) and at
// every start.
func TestIndexTriggerFusedRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	alphabet := []byte("wW.:@ xv\x57\xf7\xd7\x80\xe3")
	for name, find := range fusedImpls() {
		for n := 0; n <= 200; n++ {
			for round := 0; round < 20; round++ {
				b := make([]byte, n)
				dense := rng.Intn(40) + 1
				for i := range b {
					b[i] = 'x'
					if rng.Intn(dense) == 0 {
						b[i] = alphabet[rng.Intn(len(alphabet))]
					}
				}
				for from := 0; from <= n; from++ {
					if got, want := find(b, from), indexTriggerBytes(b, from); got != want {
						t.Fatalf("%s: %q from %d: got %d, want %d", name, b, from, got, want)
					}
				}
			}
		}
	}
}

// FuzzIndexTrigger is the differential fuzz target of the fused trigger
// search: each vector loop against indexTriggerBytes, on arbitrary bytes
// (a window cut anywhere) and start offsets.
func FuzzIndexTrigger(f *testing.F) {
	f.Add([]byte(strings.Repeat("x", 31)+"w.example http://a@b"), uint16(3), uint8(0))
	f.Add([]byte("WWW.EXAMPLE.ORG"), uint16(0), uint8(0))
	f.Add([]byte(strings.Repeat("no trigger. ", 20)+"w"), uint16(17), uint8(40))
	f.Fuzz(func(t *testing.T, b []byte, from uint16, cut uint8) {
		// cut shortens the buffer so that the end falls anywhere in a
		// vector; from may be anywhere in it, and past its end.
		b = b[:len(b)-int(cut)%(len(b)+1)]
		i := int(from) % (len(b) + 2)
		want := -1
		if i <= len(b) {
			want = indexTriggerBytes(b, i)
		}
		for name, find := range fusedImpls() {
			if got := find(b, i); got != want {
				t.Fatalf("%s: %q from %d: got %d, want %d", name, b, i, got, want)
			}
		}
	})
}

// BenchmarkTriggers finds every trigger of 4 MiB of prose: with each
// vector loop of the fused search, and with the separate searches of the
// portable build (a Scanner in fuzzy mode off and no vector loop).
func BenchmarkTriggers(b *testing.B) {
	for _, lang := range []struct {
		name string
		lang *scantest.Language
	}{{"English", &scantest.English}, {"Japanese", &scantest.Japanese}} {
		text := scantest.Prose(4<<20, 2048, lang.lang, 1)
		impls := fusedImpls()
		impls["separate"] = nil
		for name, find := range impls {
			b.Run(lang.name+"/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				n := 0
				for b.Loop() {
					if find == nil {
						s := &Scanner{f: newFinder(nil), buf: text, n: len(text), eof: true}
						s.initTriggers()
						for {
							t, size := s.nextTrigger()
							if t < 0 {
								break
							}
							n++
							s.pos = t + size
						}
						continue
					}
					for i := find(text, 0); i >= 0; i = find(text, i+1) {
						n++
					}
				}
			})
		}
	}
}

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
