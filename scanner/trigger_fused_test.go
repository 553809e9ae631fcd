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
		{"colon first", ":x", 0},
		{"at second", "x@", 1},
		// The AVX-512 loop's edges: its vectors of 64 bytes, rounds of
		// 128, the last vector and the masked tail (the padding moves each
		// text across them).
		{"colon at 63", strings.Repeat("x", 63) + ":", 63},
		{"colon at 64", strings.Repeat("x", 64) + ":", 64},
		{"at sign at 127", strings.Repeat("y", 127) + "@", 127},
		{"at sign at 128", strings.Repeat("y", 128) + "@", 128},
		{"colon at 191", strings.Repeat("x", 191) + ":z", 191},
		{"ww. across 64", strings.Repeat("x", 62) + "ww.", 64},
		{"ww. across 64, one w each side", strings.Repeat("x", 63) + "wW.", 65},
		{"ww. across 128", strings.Repeat("x", 126) + "WW.", 128},
		{"w. across 64", strings.Repeat("x", 63) + "w. w.", -1},
		{"dots across 64", strings.Repeat("x. ", 50), -1},
		{"n after ww", strings.Repeat("x", 60) + "wwn ww\xee ww\xae ww\x0e", -1},
		{"low nibble of ':' or '@'", "z J \x1a\xba\xfa ` P \x00\x80\xc0 \x10\x20", -1},
		{"long, trigger last", strings.Repeat("the new. way; ", 30) + "a@", 14*30 + 1},
		{"long, none", strings.Repeat("the new. way; ", 30), -1},
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
// length up to 300 (the 16-, 32- and 64-byte edges of the loops, and the
// AVX-512 loop's 128-byte rounds, last vector and masked tail) and at
// every start.
func TestIndexTriggerFusedRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	// Near misses too for the AVX-512 loop's table of low nibbles: bytes
	// with the low nibble of '.', ':' or '@' ("n", "z", "`", 0x0e, 0xba,
	// 0x00, 0xc0, ...).
	alphabet := []byte("wW.:@ xv\x57\xf7\xd7\x80\xe3nNz`\x0e\x1a\xba\x00\xc0\xae")
	for name, find := range fusedImpls() {
		for n := 0; n <= 300; n++ {
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

// TestIndexTriggerFusedEveryByte puts each of the 256 byte values c in
// the three places a trigger test looks at, "..c", "wwc" and "cc.", at
// every offset of 130 bytes of filler (across the 64-byte vectors and
// 128-byte rounds), so that no byte value passes for a trigger or a 'w' (the
// AVX-512 loop looks bytes up by their low nibble).
func TestIndexTriggerFusedEveryByte(t *testing.T) {
	for name, find := range fusedImpls() {
		for c := 0; c < 256; c++ {
			for _, pat := range [][]byte{{'x', 'x', byte(c)}, {'w', 'w', byte(c)}, {byte(c), byte(c), '.'}} {
				for at := 0; at < 130; at++ {
					b := []byte(strings.Repeat("x", 133))
					copy(b[at:], pat)
					if got, want := find(b, 0), indexTriggerBytes(b, 0); got != want {
						t.Fatalf("%s: %q at %d: got %d, want %d", name, pat, at, got, want)
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
	// The AVX-512 loop's edges: "ww." across 64 and 128, a ':' in the tail.
	f.Add([]byte(strings.Repeat("x", 62)+"ww."+strings.Repeat("y", 61)+"Ww.x:"), uint16(2), uint8(3))
	f.Add([]byte(strings.Repeat("new. ", 40)+"a@"), uint16(130), uint8(0))
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

// BenchmarkTriggersNone is one call of each vector loop over prose
// without a trigger, of 16 KiB, 256 KiB and 4 MiB (in this project's
// machines' L1, L2 and L3 caches): the loops' own rate, without the
// per-call cost of BenchmarkTriggers.
func BenchmarkTriggersNone(b *testing.B) {
	for _, n := range []int{16 << 10, 256 << 10, 4 << 20} {
		text := []byte(strings.Repeat("plain prose with no trigger, e.g. this. x ", n/42+1)[:n])
		for name, find := range fusedImpls() {
			b.Run(fmt.Sprintf("%dKiB/%s", n>>10, name), func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					if find(text, 0) != -1 {
						b.Fatal("a trigger in text without one")
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
