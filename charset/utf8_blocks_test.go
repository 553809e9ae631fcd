package charset

import (
	"math/rand"
	"strings"
	"testing"
)

// A blockLoop is one of the loops behind utf8Blocks; ok reports whether
// this processor has its instructions.
type blockLoop struct {
	name string
	ok   bool
	f    func(p []byte, out []uint64) (nb int, carry uint64)
}

// utf8BlocksRef is utf8Blocks's contract written byte by byte, a sequence
// at a time: a block is taken when each of its bytes is ASCII, a lead
// C2–DF, a lead E1–EC or EE–EF, or a continuation byte a lead before it
// (in this block or the one before) asks for, and nothing else; carry
// has bit k set for each byte at the start of the next block that must
// continue the sequence left open.
func utf8BlocksRef(p []byte, out []uint64) (nb int, carry uint64) {
	n := min(len(p)/64, len(out))
	need := 0 // continuation bytes still expected
	for ; nb < n; nb++ {
		var c uint64
		left := need
		for i, b := range p[64*nb : 64*nb+64] {
			switch {
			case left > 0 && b&0xC0 == 0x80:
				c |= 1 << i
				left--
				continue
			case left > 0:
			case b < 0x80:
				continue
			case b >= 0xC2 && b <= 0xDF:
				left = 1
				continue
			case b >= 0xE1 && b <= 0xEF && b != 0xED:
				left = 2
				continue
			}
			return nb, carry
		}
		out[nb], need = c, left
		carry = 1<<left - 1
	}
	return nb, carry
}

// checkBlockLoops runs each loop of this processor on p, with room for
// every whole block and for fewer, and compares the blocks taken, the
// carry and the words written with utf8BlocksRef's; out's words after
// the blocks taken must be left as they were.
func checkBlockLoops(t *testing.T, p []byte) {
	t.Helper()
	const sentinel = 0x5555aaaa5555aaaa
	for _, room := range []int{len(p)/64 + 1, len(p) / 64, len(p)/64 - 1, 1} {
		if room < 0 {
			continue
		}
		want := make([]uint64, room)
		for i := range want {
			want[i] = sentinel
		}
		wantNB, wantCarry := utf8BlocksRef(p, want)
		for _, l := range blockLoops() {
			if !l.ok {
				continue
			}
			got := make([]uint64, room)
			for i := range got {
				got[i] = sentinel
			}
			nb, carry := l.f(p, got)
			if nb != wantNB || carry != wantCarry {
				t.Fatalf("%s, %d bytes, room for %d blocks: %d blocks, carry %#x; want %d, %#x (%q)",
					l.name, len(p), room, nb, carry, wantNB, wantCarry, p)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s, %d bytes, room for %d blocks: out[%d] = %#x, want %#x (%q)",
						l.name, len(p), room, i, got[i], want[i], p)
				}
			}
		}
	}
}

// TestUTF8Blocks compares each block loop with utf8BlocksRef: blocks
// written out, every byte that ends a block's run at every position of
// the first, second and last block, sequences across each block edge,
// and random text of the kinds of bytes a loop tells apart.
func TestUTF8Blocks(t *testing.T) {
	loops := blockLoops()
	if len(loops) == 0 {
		t.Skip("no block loops on this build")
	}
	for _, l := range loops {
		if !l.ok {
			t.Logf("%s: not on this processor, not tested", l.name)
		}
	}
	// Rows: what the reference must say, so that it is checked too.
	ascii := strings.Repeat("abcdefgh", 8)
	quote := strings.Repeat("a", 30) + "“x”" + strings.Repeat("b", 27)
	for _, tt := range []struct {
		name      string
		in        string
		nb        int
		carry     uint64
		firstCont uint64
	}{
		{"empty", "", 0, 0, 0},
		{"short", "abc", 0, 0, 0},
		{"ascii", ascii + ascii + "x", 2, 0, 0},
		{"quotes", quote + quote, 2, 0, 3<<31 | 3<<35},
		{"two bytes at the edge", strings.Repeat("a", 63) + "é" + ascii[1:], 2, 0, 0},
		{"two bytes at the edge, carry", strings.Repeat("a", 63) + "é", 1, 1, 0},
		{"three bytes at the edge, one open", strings.Repeat("a", 62) + "日", 1, 1, 1 << 63},
		{"three bytes at the edge, two open", strings.Repeat("a", 63) + "日", 1, 3, 0},
		{"three bytes ending the block", strings.Repeat("a", 61) + "日" + ascii, 2, 0, 3 << 62},
		{"open sequence, then ASCII", strings.Repeat("a", 63) + "\xc3" + ascii, 1, 1, 0},
		{"E0 lead", "\u0915" + ascii[3:], 0, 0, 0},
		{"ED lead", "\ud55c" + ascii[3:], 0, 0, 0},
		{"F0 lead", "😀" + ascii[4:], 0, 0, 0},
		{"F4 lead", "\U0010FFFF" + ascii[4:], 0, 0, 0},
		{"E0 in the second block", ascii + "\u0915" + ascii[3:], 1, 0, 0},
		{"C0", "\xc0\x80" + ascii[2:], 0, 0, 0},
		{"C1", "\xc1\xbf" + ascii[2:], 0, 0, 0},
		{"FF", ascii[1:] + "\xff", 0, 0, 0},
		{"lone continuation", "\x80" + ascii[1:], 0, 0, 0},
		{"continuation too many", "é\xa9" + ascii[3:], 0, 0, 0},
		{"lead then lead", "\xc3\xc3\xa9" + ascii[3:], 0, 0, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := make([]uint64, 4)
			nb, carry := utf8BlocksRef([]byte(tt.in), out)
			if nb != tt.nb || carry != tt.carry || nb > 0 && out[0] != tt.firstCont {
				t.Fatalf("reference: %d blocks, carry %#x, out[0] %#x; want %d, %#x, %#x", nb, carry, out[0], tt.nb, tt.carry, tt.firstCont)
			}
			checkBlockLoops(t, []byte(tt.in))
		})
	}

	// Every byte that stops a block, or may, at every position of the
	// first, second and last of four blocks of text with quotes in it.
	base := []byte(quote + quote + quote + quote + "tail")
	for _, bad := range []string{"\x80", "\xbf", "\xc0", "\xc1", "\xc2", "\xdf", "\xe0", "\xe1", "\xec", "\xed", "\xee", "\xef", "\xf0", "\xf4", "\xf5", "\xf8", "\xff",
		"\xe0\xa0\x80", "\xed\x9f\xbf", "\xf0\x9f\x98\x80", "é", "日"} {
		for _, blk := range []int{0, 1, 3} {
			for i := 0; i < 64; i++ {
				p := append([]byte(nil), base...)
				copy(p[64*blk+i:], bad)
				checkBlockLoops(t, p)
			}
		}
	}

	// Random text: runs of the kinds of bytes the loops tell apart.
	r := rand.New(rand.NewSource(14))
	pieces := []string{"a", "abcdefgh", "\n", "é", "ж", "“", "”", "日", "\uffff", "\u1000",
		"\u0915", "\ud55c", "😀", "\U0010FFFF", "\x80", "\xbf", "\xc0", "\xc1", "\xf5", "\xff", "\xe3\x81", "\xc3"}
	for round := 0; round < 3000; round++ {
		var p []byte
		size := r.Intn(700)
		// Mostly text that blocks take, now and then (one piece in about
		// 30, 300 or 3,000) a piece that may stop them.
		rate := []int{40, 400, 4000}[round%3]
		for len(p) < size {
			if k := r.Intn(rate); k < len(pieces) && r.Intn(4) == 0 {
				p = append(p, pieces[k]...)
			} else {
				p = append(p, pieces[r.Intn(10)]...)
			}
		}
		checkBlockLoops(t, p)
	}
}

// BenchmarkUTF8Blocks runs each block loop of this processor alone over
// 64 KiB of text that it takes whole: ASCII, and English with a
// quotation mark in every block.
func BenchmarkUTF8Blocks(b *testing.B) {
	for _, bc := range []struct{ name, unit string }{
		{"ascii", "plain ascii words and http://example.com/a?b=c "},
		{"quotes", "Words of English prose, and “a quotation” now and then. "},
	} {
		text := []byte(strings.Repeat(bc.unit, (64<<10)/len(bc.unit)))
		text = text[:len(text)&^63]
		out := make([]uint64, len(text)/64)
		for _, l := range blockLoops() {
			if !l.ok {
				continue
			}
			b.Run(bc.name+"/"+l.name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					l.f(text, out)
				}
			})
		}
	}
}
