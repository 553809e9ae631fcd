package scanner

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/scanner/scantest"
)

// An indexFunc is indexTriggers or one of its loops.
type indexFunc func(b []byte, from int, out []int, prose bool) (n, next int)

// checkIndex runs find (a loop of indexTriggers) on b from from with an
// out of n slots and prose, and fails unless it gives what
// indexTriggersBytes gives and leaves the memory after out alone (the
// slots after the positions it returns are scratch: the loops store a
// position there before they drop a colon of prose).
func checkIndex(t *testing.T, name string, find indexFunc, b []byte, from, n int, prose bool) {
	t.Helper()
	const sentinel = -7
	want := make([]int, n)
	wn, wnext := indexTriggersBytes(b, from, want, prose)
	got := make([]int, n+1)
	for i := range got {
		got[i] = sentinel
	}
	gn, gnext := find(b, from, got[:n], prose)
	if gn != wn || gnext != wnext || !slices.Equal(got[:gn], want[:wn]) {
		t.Fatalf("%s: %q from %d, %d slots, prose %v: got %d %v next %d, want %d %v next %d",
			name, b, from, n, prose, gn, got[:min(gn, n)], gnext, wn, want[:wn], wnext)
	}
	if got[n] != sentinel {
		t.Fatalf("%s: %q from %d, %d slots: the slot after out written (%d)", name, b, from, n, got[n])
	}
}

// indexSlots are the sizes of out the tests give: a slot, a few, fewer
// than the bits of a round, and more than any text here has triggers.
var indexSlots = []int{0, 1, 2, 3, 5, 63, 64, 65, 200}

// TestIndexTriggersFirst checks each loop of indexTriggers on texts
// whose first trigger a reader can point at: ':' and '@' anywhere, '.'
// only right after two bytes 'w' or 'W'; the text at every offset of a
// 16- and 32-byte vector, the filler after it at every length up to 70,
// and from every start against the definition.
func TestIndexTriggersFirst(t *testing.T) {
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
	var out [1]int
	for name, find := range indexImpls() {
		for _, tt := range tests {
			t.Run(name+"/"+tt.name, func(t *testing.T) {
				for pad := 0; pad < 70; pad++ {
					b := []byte(filler[:pad] + tt.text + filler[:(pad*7)%71])
					want := -1
					if tt.want >= 0 {
						want = pad + tt.want
					}
					got := -1
					if n, _ := find(b, 0, out[:], false); n == 1 {
						got = out[0]
					}
					if got != want {
						t.Fatalf("pad %d: %q: got %d, want %d", pad, b, got, want)
					}
					for from := 0; from <= len(b); from++ {
						checkIndex(t, name, find, b, from, 3, false)
						checkIndex(t, name, find, b, from, 3, true)
					}
				}
			})
		}
	}
}

// TestIndexTriggers checks each loop of indexTriggers on the texts of
// TestIndexTriggerFused's kind, moved across the 16-, 32- and 64-byte
// vectors and 128-byte rounds, from every start, with every size of
// out in indexSlots.
func TestIndexTriggers(t *testing.T) {
	texts := []string{
		"", "plain prose, e.g. this. And that.", "see http://x", "at 10:30", "mail jane@example.org",
		"visit www.example.org", "VISIT WWW.EXAMPLE.ORG", "the aww. x", "a new. day", "w.w. x", "ww. x",
		".ww.", "\xf7\xf7.\xd7\xd7.", "\x57\x57.", "時刻：十時", "です。www。", "e.g.: x", ":x", "x@", "::@@",
		strings.Repeat("x", 62) + "ww." + strings.Repeat("y", 61) + "Ww.x:",
		strings.Repeat("x", 63) + "wW. @@@@ :::: " + strings.Repeat("z", 50) + "::",
		strings.Repeat("the new. way; a@b ", 12),
		strings.Repeat(":", 130),
		strings.Repeat("@x", 70),
		strings.Repeat("ww.", 50),
		"z J \x1a\xba\xfa ` P \x00\x80\xc0 \x10\x20 n after ww wwn ww\xee ww\xae ww\x0e",
	}
	filler := strings.Repeat("Plain text. No trigger here, none at all; ", 8)
	for name, find := range indexImpls() {
		for _, text := range texts {
			for pad := 0; pad < 70; pad += 3 {
				b := []byte(filler[:pad] + text + filler[:(pad*7)%71])
				for from := -1; from <= len(b)+1; from++ {
					for _, n := range indexSlots {
						checkIndex(t, name, find, b, from, n, false)
						checkIndex(t, name, find, b, from, n, true)
					}
				}
			}
		}
	}
}

// TestIndexTriggersRandom holds the loops to the definition on random
// buffers dense in triggers and near misses, of every length up to 300,
// from every start, with every size of out in indexSlots.
func TestIndexTriggersRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	alphabet := []byte("wW.:@ xv\x57\xf7\xd7\x80\xe3nNz`\x0e\x1a\xba\x00\xc0\xae: :\t:\n<\xa8+-_")
	for name, find := range indexImpls() {
		for n := 0; n <= 300; n++ {
			for round := 0; round < 6; round++ {
				b := make([]byte, n)
				dense := rng.Intn(60) + 1
				for i := range b {
					b[i] = 'x'
					if rng.Intn(dense) == 0 {
						b[i] = alphabet[rng.Intn(len(alphabet))]
					}
				}
				for from := 0; from <= n; from++ {
					checkIndex(t, name, find, b, from, indexSlots[rng.Intn(len(indexSlots))], round%2 == 1)
				}
			}
		}
	}
}

// TestIndexTriggersEveryByte puts each of the 256 byte values c in the
// places a trigger test looks at, "..c", "wwc" and "cc.", and those the
// test of a colon of prose looks at, " x:c" (the byte after it) and
// " cx: " (the byte before the run of scheme characters, or in it), at
// every offset of 130 bytes of filler, so that no byte value passes for
// a trigger, a 'w', a blank, a scheme character or the byte that keeps
// a colon in any loop.
func TestIndexTriggersEveryByte(t *testing.T) {
	for name, find := range indexImpls() {
		for c := 0; c < 256; c++ {
			for _, pat := range [][]byte{{'x', 'x', byte(c)}, {'w', 'w', byte(c)}, {byte(c), byte(c), '.'},
				{' ', 'x', ':', byte(c)}, {' ', byte(c), 'x', ':', ' '}} {
				for at := 0; at < 130; at++ {
					b := []byte(strings.Repeat("x", 133))
					copy(b[at:], pat)
					checkIndex(t, name, find, b, 0, 4, false)
					checkIndex(t, name, find, b, 0, 4, true)
				}
			}
		}
	}
}

// TestIndexTriggersProse walks 256 KiB of generated prose in each script
// with each loop, as findFused does (runs of text of every few sizes,
// outs of a few slots), and requires every trigger of indexTriggerBytes
// in order; with prose set, less colons of prose only (proseColon of the
// whole text: at the end of a run a colon is kept), and at least those
// not at a run's end.
func TestIndexTriggersProse(t *testing.T) {
	for _, lang := range []struct {
		name string
		lang *scantest.Language
	}{{"English", &scantest.English}, {"Japanese", &scantest.Japanese}, {"Chinese", &scantest.Chinese}, {"Arabic", &scantest.Arabic}} {
		text := scantest.Prose(256<<10, 64, lang.lang, 3)
		var want []int
		for i := indexTriggerBytes(text, 0); i >= 0; i = indexTriggerBytes(text, i+1) {
			want = append(want, i)
		}
		for name, find := range indexImpls() {
			for _, run := range []int{100, 4096, 1 << 30} {
				for _, slots := range []int{1, 7, 256} {
					for _, prose := range []bool{false, true} {
						t.Run(fmt.Sprintf("%s/%s/%d/%d/%v", lang.name, name, run, slots, prose), func(t *testing.T) {
							var got []int
							out := make([]int, slots)
							ends := map[int]bool{} // the last bytes of the runs
							for from := 0; from < len(text); {
								end := min(len(text), from+run)
								ends[end-1] = true
								n, next := find(text[:end], from, out, prose)
								if next <= from {
									t.Fatalf("from %d: no progress (next %d)", from, next)
								}
								got = append(got, out[:n]...)
								from = next
							}
							dropped := 0
							for _, w := range want {
								if len(got) > 0 && got[0] == w {
									got = got[1:]
								} else if !prose || !proseColon(text, w) {
									t.Fatalf("trigger %d (%q) missing", w, text[max(0, w-20):w+2])
								} else {
									dropped++
								}
							}
							if len(got) > 0 {
								t.Fatalf("trigger %d not in the definition", got[0])
							}
							least := 0 // colons of prose not at a run's end
							for _, w := range want {
								if prose && proseColon(text, w) && !ends[w] {
									least++
								}
							}
							if dropped < least || lang.lang == &scantest.English && prose && dropped == 0 {
								t.Fatalf("%d colons of prose dropped, %d at least", dropped, least)
							}
						})
					}
				}
			}
		}
	}
}

// FuzzIndexTriggers is the differential fuzz target of indexTriggers:
// each loop against indexTriggersBytes, on arbitrary bytes (a window cut
// anywhere), start offsets and sizes of out.
func FuzzIndexTriggers(f *testing.F) {
	f.Add([]byte(strings.Repeat("x", 31)+"w.example http://a@b"), uint16(3), uint8(0), uint8(4))
	f.Add([]byte("WWW.EXAMPLE.ORG"), uint16(0), uint8(0), uint8(1))
	f.Add([]byte(strings.Repeat("x", 62)+"ww."+strings.Repeat("y", 61)+"Ww.x:"), uint16(2), uint8(3), uint8(2))
	f.Add([]byte(strings.Repeat("new. a@b: ", 40)+"a@"), uint16(130), uint8(0), uint8(9))
	f.Add([]byte(strings.Repeat("Note: it <a: b (c: d) \xe2\x9f\xa8e: f http://x ", 6)), uint16(7), uint8(2), uint8(64))
	f.Fuzz(func(t *testing.T, b []byte, from uint16, cut, slots uint8) {
		// cut shortens the buffer so that the end falls anywhere in a
		// vector; from may be anywhere in it, and past its end.
		b = b[:len(b)-int(cut)%(len(b)+1)]
		i := int(from) % (len(b) + 2)
		for name, find := range indexImpls() {
			checkIndex(t, name, find, b, i, int(slots), false)
			checkIndex(t, name, find, b, i, int(slots), true)
		}
	})
}

// BenchmarkTriggers finds every trigger of 4 MiB of prose: with each loop
// of indexTriggers, called as the scanner calls it (runs of triggerRun
// bytes, triggerSlots positions, prose set but for the SSE2 loop, which
// would leave it to Go), and with the separate searches of the portable
// build (a Scanner in fuzzy mode off and no vector loop).
func BenchmarkTriggers(b *testing.B) {
	for _, lang := range []struct {
		name string
		lang *scantest.Language
	}{{"English", &scantest.English}, {"Japanese", &scantest.Japanese}} {
		text := scantest.Prose(4<<20, 2048, lang.lang, 1)
		impls := indexImpls()
		impls["separate"] = nil
		for name, find := range impls {
			b.Run(lang.name+"/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				var out [triggerSlots]int
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
					for from := 0; from < len(text); {
						k, next := find(text[:min(len(text), from+triggerRun)], from, out[:], name != "sse2")
						n += k
						from = next
					}
				}
			})
		}
	}
}

// BenchmarkTriggersNone is one call of each loop over prose without a
// trigger, of 16 KiB, 256 KiB and 4 MiB (in this project's machines' L1,
// L2 and L3 caches): the loops' own rate.
func BenchmarkTriggersNone(b *testing.B) {
	for _, n := range []int{16 << 10, 256 << 10, 4 << 20} {
		text := []byte(strings.Repeat("plain prose with no trigger, e.g. this. x ", n/42+1)[:n])
		for name, find := range indexImpls() {
			b.Run(fmt.Sprintf("%dKiB/%s", n>>10, name), func(b *testing.B) {
				b.SetBytes(int64(n))
				var out [1]int
				for b.Loop() {
					if k, _ := find(text, 0, out[:], name != "sse2"); k != 0 {
						b.Fatal("a trigger in text without one")
					}
				}
			})
		}
	}
}
