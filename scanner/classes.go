package scanner

// Byte-class masks: the fused match path asks, for up to 64 bytes at a
// time, which of them are letters or digits, dots, hyphens, '_', plain path
// characters, '/' or the bytes of non-ASCII characters, as one bit per
// byte, and then finds the end of a host, its labels and the runs of a path
// with bit operations (a trailing-zero count, a population count) instead
// of a loop and a table look-up per byte. On amd64 the masks come from
// vector instructions (classes_amd64.s: the bytes' low nibbles index a
// table of the high nibbles in the class); elsewhere, and for the last
// bytes of a text, from classifyBytes, which is their definition.

// classMasks holds the class masks of up to 64 bytes w[i:i+64]: bit k of
// each mask stands for w[i+k]. Bytes past the end of w are in no class.
type classMasks struct {
	alnum uint64 // ASCII letters and digits
	dot   uint64 // '.'
	hyph  uint64 // '-'
	under uint64 // '_'
	body  uint64 // fusedClass fPlain or fSlash: a run of fusedBody
	slash uint64 // '/'
	punct uint64 // fSoft, fQuery or fColon: . , ; ! * ? :
	ksep  uint64 // fHash or fSep: # = &
	high  uint64 // bytes of non-ASCII characters (0x80 and above)
}

// host returns the mask of hostASCII bytes: letters, digits, '-' and '_'.
func (m *classMasks) host() uint64 { return m.alnum | m.hyph | m.under }

// The classes of the vector tables, in the order of classMasks' fields
// (high excepted: it is the top bit of each byte).
const (
	clsAlnum = iota
	clsDot
	clsHyph
	clsUnder
	clsBody
	clsSlash
	clsPunct
	clsKsep
	numClasses
)

// inClass reports whether the ASCII byte c is in class k.
func inClass(c byte, k int) bool {
	switch k {
	case clsAlnum:
		return isAlnum(c)
	case clsDot:
		return c == '.'
	case clsHyph:
		return c == '-'
	case clsUnder:
		return c == '_'
	case clsBody:
		return c < 0x80 && fusedClass[c] <= fSlash
	case clsSlash:
		return c == '/'
	case clsPunct:
		return c < 0x80 && (fusedClass[c] == fSoft || fusedClass[c] == fQuery || fusedClass[c] == fColon)
	case clsKsep:
		return c < 0x80 && (fusedClass[c] == fHash || fusedClass[c] == fSep)
	}
	return false
}

// classBits is, for each byte, the set of its classes as bits 0 to
// numClasses-1, and bit 8 for a non-ASCII byte.
var classBits = func() (t [256]uint16) {
	for c := 0; c < 256; c++ {
		if c >= 0x80 {
			t[c] = 1 << 8
			continue
		}
		for k := 0; k < numClasses; k++ {
			if inClass(byte(c), k) {
				t[c] |= 1 << k
			}
		}
	}
	return t
}()

// classNibbles are the vector loops' tables: for class k, entry lo is the
// set of high nibbles h (bit h, h < 8) such that the byte h<<4|lo is in
// class k. classPow2 maps a high nibble h to the bit 1<<h, and the high
// nibbles of non-ASCII bytes (8 to 15) to 0xFF, a value no table entry
// equals, since those bytes are in no class.
var (
	classNibbles = func() (t [numClasses][16]byte) {
		for k := 0; k < numClasses; k++ {
			for c := 0; c < 0x80; c++ {
				if classBits[c]&(1<<k) != 0 {
					t[k][c&15] |= 1 << (c >> 4)
				}
			}
		}
		return t
	}()
	classPow2 = [16]byte{1, 2, 4, 8, 16, 32, 64, 128, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}
)

// classifyBytes sets *m to the masks of b[:min(len(b), 64)], one byte at a
// time: the definition the vector loops are held to, and the way for the
// last bytes of a text.
func classifyBytes(b []byte, m *classMasks) {
	var bits [9]uint64
	if len(b) > 64 {
		b = b[:64]
	}
	for k, c := range b {
		t := classBits[c]
		for t != 0 {
			j := tz8(t)
			bits[j] |= 1 << k
			t &= t - 1
		}
	}
	*m = classMasks{alnum: bits[clsAlnum], dot: bits[clsDot], hyph: bits[clsHyph], under: bits[clsUnder],
		body: bits[clsBody], slash: bits[clsSlash], punct: bits[clsPunct], ksep: bits[clsKsep], high: bits[8]}
}

// tz8 is the index of the lowest set bit of t (not 0).
func tz8(t uint16) int {
	n := 0
	for t&1 == 0 {
		t >>= 1
		n++
	}
	return n
}

// classify sets *m to the masks of w[i:i+64] (fewer at the end of w).
func classify(w []byte, i int, m *classMasks) {
	if len(w)-i >= 64 && haveClassifyVec {
		classifyVec(&w[i], m)
		return
	}
	classifyTail(w[i:], m)
}

// classifyTail classifies the last bytes of a text: through a zeroed
// 64-byte copy where a vector loop exists (a zero byte is in no class).
func classifyTail(b []byte, m *classMasks) {
	if haveClassifyVec && len(b) > 0 {
		var buf [64]byte
		copy(buf[:], b)
		classifyVec(&buf[0], m)
		return
	}
	classifyBytes(b, m)
}
