package charset

import "math/bits"

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
	c := u.cps[g]
	for k := g * unitsEvery; k < blk; k++ {
		c.cp += 64 - int64(bits.OnesCount64(u.cont[k]))
		c.astral += int64(bits.OnesCount64(u.astral[k]))
	}
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
}
