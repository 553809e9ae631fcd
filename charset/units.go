package charset

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// Units counts the code points and UTF-16 code units of decoded UTF-8 text
// as it streams past, so that a byte offset in that text (as a scanner
// reports it) can be given in the units other languages index strings by:
// code points for Python, UTF-16 code units for JavaScript, Java and C#.
//
// Each 64 bytes of text cost 16 bytes: one bit a byte that continues a
// UTF-8 sequence (it adds no code point) and one a byte that starts a
// four-byte sequence (a code point outside the BMP, two UTF-16 units), plus
// running counts every 1 KiB; [Units.Discard] drops what the caller no
// longer asks about, so memory is bounded by the text it still looks at.
// The text is meant to be what a [Reader] returns, which is valid UTF-8:
// in other bytes, every byte that is not a continuation byte counts as one
// code point.
type Units struct {
	cont, astral []uint64     // per 64-byte block of text from base on
	cps          []unitsCount // counts before blocks 0, unitsEvery, 2·unitsEvery, …
	base         int64        // text offset of block 0, a multiple of 64
	end          int64        // text offset just past the text added
	done         unitsCount   // counts before the last block
	// The counts before block lastBlk, found by the last At: the next
	// asks mostly for an offset a little further on (the end of the
	// match, the start of the next).
	lastBlk   int // 0: none
	lastCount unitsCount
	// four is set once a bit is set in astral: At sums the astral
	// bits only then.
	four bool
}

type unitsCount struct{ cp, astral int64 }

// unitsEvery is the number of blocks between two running counts: an
// offset is found by adding the bit counts of at most this many blocks.
const unitsEvery = 16

// Reset empties u for a new stream, keeping its memory.
func (u *Units) Reset() {
	*u = Units{cont: u.cont[:0], astral: u.astral[:0], cps: u.cps[:0]}
}

// End returns the text offset just past the text added so far.
func (u *Units) End() int64 { return u.end }

// Add counts the next piece of text, which follows what was added before.
func (u *Units) Add(text []byte) {
	for len(text) > 0 {
		bit := int(u.end & 63)
		if bit == 0 {
			if k := len(u.cont) - 1; k >= 0 {
				u.done.cp += 64 - int64(bits.OnesCount64(u.cont[k]))
				u.done.astral += int64(bits.OnesCount64(u.astral[k]))
			}
			if len(u.cont)%unitsEvery == 0 {
				u.cps = append(u.cps, u.done)
			}
			u.cont = append(u.cont, 0)
			u.astral = append(u.astral, 0)
		}
		n := min(64-bit, len(text))
		var c, a uint64
		i := 0
		for ; i+8 <= n; i += 8 {
			w := load64(text[i:])
			if w&0x8080808080808080 == 0 {
				continue // eight ASCII bytes
			}
			// Bit 7 of each byte: 10xxxxxx (continuation), 11110xxx (start of four).
			c |= gather(w&^(w<<1)) << (bit + i)
			a |= gather(w&(w<<1)&(w<<2)&(w<<3)&^(w<<4)) << (bit + i)
		}
		for ; i < n; i++ {
			if b := text[i]; b >= 0x80 {
				if b < 0xC0 {
					c |= 1 << (bit + i)
				} else if b >= 0xF0 && b < 0xF8 {
					a |= 1 << (bit + i)
				}
			}
		}
		k := len(u.cont) - 1
		u.cont[k] |= c
		u.astral[k] |= a
		u.four = u.four || a != 0
		u.end += int64(n)
		text = text[n:]
	}
}

// gather returns bit 7 of each byte of w, byte k's as bit k: the flags
// moved to bit 8k, multiplied so that each lands at bit 56+k (the
// products' exponents are all distinct, so nothing carries).
func gather(w uint64) uint64 {
	return (w & 0x8080808080808080 >> 7 * 0x0102040810204080) >> 56
}

func load64(b []byte) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// At returns the number of code points and of UTF-16 code units in the
// text before text offset d (a code point at or above U+10000 is one code
// point and two UTF-16 units). ok is false when d is after the text added
// or before what Discard kept.
func (u *Units) At(d int64) (cp, utf16 int64, ok bool) {
	if d < u.base || d > u.end {
		return 0, 0, false
	}
	blk := int((d - u.base) >> 6)
	if blk == len(u.cont) { // d == end, at a block boundary
		if blk == 0 {
			return 0, 0, true // nothing kept (a stream of no text)
		}
		k := blk - 1
		cp = u.done.cp + 64 - int64(bits.OnesCount64(u.cont[k]))
		a := u.done.astral + int64(bits.OnesCount64(u.astral[k]))
		return cp, cp + a, true
	}
	g := blk / unitsEvery
	k, c := g*unitsEvery, u.cps[g]
	if u.lastBlk > k && u.lastBlk <= blk {
		k, c = u.lastBlk, u.lastCount
	}
	if u.four {
		for ; k < blk; k++ {
			c.cp += 64 - int64(bits.OnesCount64(u.cont[k]))
			c.astral += int64(bits.OnesCount64(u.astral[k]))
		}
	} else {
		c.cp += int64(64*(blk-k) - onesCount(u.cont[k:blk]))
	}
	u.lastBlk, u.lastCount = blk, c // blocks before the last do not change
	bit := uint((d - u.base) & 63)
	mask := uint64(1)<<bit - 1
	c.cp += int64(bit) - int64(bits.OnesCount64(u.cont[blk]&mask))
	c.astral += int64(bits.OnesCount64(u.astral[blk] & mask))
	return c.cp, c.cp + c.astral, true
}

// Discard drops what u holds for text before offset d: At answers from d
// on (and for some offsets before it, as whole groups of blocks go).
func (u *Units) Discard(d int64) {
	if d <= u.base || len(u.cont) == 0 {
		return
	}
	blk := min(int((d-u.base)>>6), len(u.cont)-1) // keep the last block
	g := blk / unitsEvery
	if g == 0 {
		return
	}
	n := g * unitsEvery
	u.cont = u.cont[:copy(u.cont, u.cont[n:])]
	u.astral = u.astral[:copy(u.astral, u.astral[n:])]
	u.cps = u.cps[:copy(u.cps, u.cps[g:])]
	u.base += int64(n) << 6
	u.lastBlk = max(u.lastBlk-n, 0)
}

// AddValid counts the longest prefix of p made of complete, valid UTF-8
// sequences, as Add would, and returns its length: the validation of a
// UTF-8 document and the counting of its units in one pass over the
// bytes. A sequence cut off by the end of p is not counted (more input
// may complete it), nor is anything after the first invalid byte.
func (u *Units) AddValid(p []byte) int {
	if len(p) == 0 {
		return 0
	}
	start := u.end - u.base // bit of p[0], counted from block 0
	old := len(u.cont)
	need := int((start + int64(len(p)) + 63) >> 6)
	u.cont = growZero(u.cont, need)
	u.astral = growZero(u.astral, need)
	n, four := validCount(p, u.cont, u.astral, int(start))
	u.four = u.four || four
	keep := int((start + int64(n) + 63) >> 6)
	u.cont, u.astral = u.cont[:keep], u.astral[:keep]
	if bit := (start + int64(n)) & 63; bit != 0 {
		// No bits for the bytes after the prefix (a sequence begun, then
		// found invalid): the next Add counts from there.
		u.cont[keep-1] &= 1<<bit - 1
		u.astral[keep-1] &= 1<<bit - 1
	}
	// The running counts of the blocks begun, as Add keeps them: done
	// counts the blocks before the last (blocks old-1 to keep-2 are added
	// now), cps the blocks before each unitsEvery-th one begun. The
	// blocks are summed a group at a time, a tight loop of popcounts;
	// the astral bits only where p had a four-byte sequence (the block
	// old-1, begun before, may have some of its own).
	if keep > old {
		done, lo := u.done, max(old-1, 0)
		if !four && (old == 0 || u.astral[old-1] == 0) {
			for g := (old + unitsEvery - 1) / unitsEvery * unitsEvery; g < keep; g += unitsEvery {
				done.cp += int64(64*(g-lo) - onesCount(u.cont[lo:g]))
				u.cps = append(u.cps, done)
				lo = g
			}
			done.cp += int64(64*(keep-1-lo) - onesCount(u.cont[lo:keep-1]))
		} else {
			for g := (old + unitsEvery - 1) / unitsEvery * unitsEvery; g < keep; g += unitsEvery {
				done.add(u.cont[lo:g], u.astral[lo:g])
				u.cps = append(u.cps, done)
				lo = g
			}
			done.add(u.cont[lo:keep-1], u.astral[lo:keep-1])
		}
		u.done = done
	}
	u.end += int64(n)
	return n
}

// add adds the counts of the blocks whose bits are cont and astral.
func (c *unitsCount) add(cont, astral []uint64) {
	n, a := onesCount(cont), uint64(0)
	for _, w := range astral {
		a |= w
	}
	c.cp += int64(64*len(cont) - n)
	if a != 0 {
		for _, w := range astral {
			c.astral += int64(bits.OnesCount64(w))
		}
	}
}

// onesCount returns the number of bits set in ws, four words a step.
func onesCount(ws []uint64) int {
	n := 0
	for ; len(ws) >= 4; ws = ws[4:] {
		n += bits.OnesCount64(ws[0]) + bits.OnesCount64(ws[1]) + bits.OnesCount64(ws[2]) + bits.OnesCount64(ws[3])
	}
	for _, w := range ws {
		n += bits.OnesCount64(w)
	}
	return n
}

// growZero returns s extended with zero words to length n.
func growZero(s []uint64, n int) []uint64 {
	if n <= len(s) {
		return s
	}
	if n <= cap(s) {
		k := len(s)
		s = s[:n]
		clear(s[k:])
		return s
	}
	return append(s, make([]uint64, n-len(s))...)
}

// utf8Lead describes each byte as the first of a UTF-8 sequence: its
// length in the low 3 bits (0: no sequence starts with it) and the index
// into utf8Second of the range its second byte must be in (RFC 3629
// Section 4: no overlong forms, surrogates or code points past U+10FFFF).
var utf8Lead = func() (t [256]uint8) {
	for c := 0; c < 0x80; c++ {
		t[c] = 1
	}
	for c := 0xC2; c <= 0xDF; c++ {
		t[c] = 2
	}
	for c := 0xE0; c <= 0xEF; c++ {
		t[c] = 3
	}
	t[0xE0] |= 1 << 4
	t[0xED] |= 2 << 4
	for c := 0xF0; c <= 0xF4; c++ {
		t[c] = 4
	}
	t[0xF0] |= 3 << 4
	t[0xF4] |= 4 << 4
	return t
}()

var utf8Second = [5]struct{ lo, hi byte }{{0x80, 0xBF}, {0xA0, 0xBF}, {0x80, 0x9F}, {0x90, 0xBF}, {0x80, 0x8F}}

const hiBits = 0x8080808080808080

// validCount returns the length of the longest prefix of p made of
// complete, valid UTF-8 sequences, and sets in cont the bit of each
// continuation byte of that prefix and in astral the bit of each first
// byte of a four-byte sequence, p[i] being bit start+i. Where the
// processor allows, utf8Blocks takes whole blocks of 64 bytes; the rest
// goes byte by byte (validScalar). four reports whether it set a bit in
// astral.
//
// The bytes before the text's next multiple of 64 go byte by byte first,
// so that utf8Blocks's blocks are words of cont, written in place (cont
// holds no bits for them yet); when a sequence crosses that boundary,
// its blocks are shifted into cont (orBits) instead.
func validCount(p []byte, cont, astral []uint64, start int) (n int, four bool) {
	if !haveUTF8Blocks {
		n, _, four = validScalar(p, cont, astral, start, 0, len(p))
		return n, four
	}
	var scratch [256]uint64
	i := 0
	for len(p)-i >= 64 {
		if off := (start + i) & 63; off != 0 && len(p)-i >= 128-off {
			k, ok, f := validScalar(p, cont, astral, start, i, i+64-off)
			four = four || f
			if !ok {
				return k, four
			}
			i = k
		}
		pos := start + i
		out := scratch[:]
		if pos&63 == 0 {
			w := pos >> 6
			out = cont[w:min(len(cont), w+len(scratch))]
		}
		nb, carry := utf8Blocks(p[i:], out)
		if pos&63 != 0 {
			orBits(cont, pos, out[:nb])
		}
		j := i + 64*nb
		if carry != 0 {
			// Back to the first byte of the sequence left open.
			j--
			for p[j]&0xC0 == 0x80 {
				j--
			}
		}
		if nb == len(out) {
			i = j
			continue
		}
		// The next block is not one utf8Blocks takes, or not whole: byte
		// by byte to its end.
		k, ok, f := validScalar(p, cont, astral, start, j, min(i+64*(nb+1), len(p)))
		four = four || f
		if !ok {
			return k, four
		}
		i = k
	}
	n, _, f := validScalar(p, cont, astral, start, i, len(p))
	return n, four || f
}

// orBits ors the bits of m, bit k of m[0] being bit pos+k of the bitmap
// b, into b.
func orBits(b []uint64, pos int, m []uint64) {
	w, off := pos>>6, uint(pos&63)
	if off == 0 {
		for k, x := range m {
			b[w+k] |= x
		}
		return
	}
	// Each word of m straddles two of b: one read and write of b a word,
	// the high bits carried to the next.
	var carry uint64
	for k, x := range m {
		b[w+k] |= x<<off | carry
		carry = x >> (64 - off)
	}
	if carry != 0 {
		b[w+len(m)] |= carry
	}
}

// validScalar is validCount byte by byte, from p[i] on, ASCII 16 bytes
// at a time: it returns where it stopped, at limit or after it (at the end
// of a sequence that crosses it) with ok set, or at the first byte that
// does not start a complete, valid sequence. four reports whether it set
// a bit in astral.
func validScalar(p []byte, cont, astral []uint64, start, i, limit int) (end int, ok, four bool) {
	// The bits of word cw are gathered in c and a, and stored when the
	// text moves on to another word.
	cw, c, a := (start+i)>>6, uint64(0), uint64(0)
	n := len(p)
	ok = true
	for i < limit {
		if p[i] < utf8.RuneSelf {
			for i+16 <= limit {
				w := binary.LittleEndian.Uint64(p[i:])
				v := binary.LittleEndian.Uint64(p[i+8:])
				if (w|v)&hiBits != 0 {
					break
				}
				i += 16
			}
			for i+8 <= limit {
				w := binary.LittleEndian.Uint64(p[i:]) & hiBits
				if w != 0 {
					i += bits.TrailingZeros64(w) >> 3
					break
				}
				i += 8
			}
			for i < limit && p[i] < utf8.RuneSelf {
				i++
			}
			if i >= limit {
				break
			}
		}
		pos := start + i
		if pos>>6 != cw {
			cont[cw] |= c
			astral[cw] |= a
			cw, c, a = pos>>6, 0, 0
		}
		off := uint(pos & 63)
		// The common three-byte sequence (U+1000 to U+FFFF but for
		// U+D000 to U+D7FF) on its own path: its length is known from a
		// comparison, which the processor predicts, rather than a load.
		if b := p[i]; b-0xE1 <= 0xEF-0xE1 && b != 0xED && i+3 <= n && p[i+1]&0xC0 == 0x80 && p[i+2]&0xC0 == 0x80 {
			c |= 6 << off
			if off > 61 {
				cont[cw] |= c
				astral[cw] |= a
				cw, c, a = cw+1, 6>>(64-off), 0
			}
			i += 3
			continue
		}
		x := utf8Lead[p[i]]
		size := int(x & 7)
		if size < 2 || i+size > n {
			ok = false
			break
		}
		r := utf8Second[x>>4]
		if b := p[i+1]; b < r.lo || b > r.hi ||
			size > 2 && p[i+2]&0xC0 != 0x80 || size > 3 && p[i+3]&0xC0 != 0x80 {
			ok = false
			break
		}
		mask := uint64(1)<<uint(size) - 2 // bits 1 to size-1: the continuation bytes
		c |= mask << off
		if size == 4 {
			a |= 1 << off
			four = true
		}
		if off+uint(size) > 64 {
			cont[cw] |= c
			astral[cw] |= a
			cw, c, a = cw+1, mask>>(64-off), 0
		}
		i += size
	}
	if c|a != 0 {
		cont[cw] |= c
		astral[cw] |= a
	}
	return i, ok, four
}
