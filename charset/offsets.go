package charset

import "sort"

// A Map maps offsets in decoded UTF-8 text back to byte offsets in the
// source document. Offsets on both sides are absolute: they count from the
// start of the stream, not of the current chunk.
//
// The map is run-length encoded: a segment covers a run of characters that
// all have the same source width and the same decoded width, so a
// windows-1252 or UTF-8 document that is mostly ASCII needs few segments,
// and a segment starts only where the byte/rune ratio changes, at an
// invalid sequence, or after bytes that decode to nothing (an ISO-2022-JP
// escape sequence, a byte order mark). Its memory is bounded by the text
// it covers; [Map.Discard] drops what the consumer no longer needs.
//
// Every decoded rune maps to the first source byte of the character it
// came from. Bytes that decode to nothing belong to the character after
// them, so a rune's offset lies after any escape sequence before it, and
// the range [SourceOffset(start), SourceOffset(end)) of a match covers
// exactly the source bytes of the matched characters plus the escape
// sequences among and after them. A decoded offset inside a rune, or inside
// the several runes of one source character (Big5 has four such
// characters), maps to the start of that character.
type Map struct {
	segs []seg

	// decEnd and srcEnd are the offsets just past everything mapped so
	// far: the decoded length and the source bytes consumed.
	decEnd, srcEnd int64

	// contig is false when source bytes were consumed without output
	// since the last segment, so the next run must start a new segment.
	contig bool

	// state is the ISO-2022-JP shift state after the last consumed byte.
	state uint8

	last int // index of the segment found by the last lookup
}

// seg is a run of n characters, each sw source bytes decoding to dw bytes
// of UTF-8, starting at decoded offset dec and source offset src.
type seg struct {
	dec, src int64
	n        uint32
	sw, dw   uint8
	state    uint8 // ISO-2022-JP shift state of these characters
}

const maxRun = 1<<32 - 1

// add appends n characters of sw source bytes and dw decoded bytes each;
// n may be 0.
func (m *Map) add(n, sw, dw int, state uint8) {
	if n == 0 {
		return
	}
	if k := len(m.segs) - 1; k >= 0 && m.contig {
		s := &m.segs[k]
		if int(s.sw) == sw && int(s.dw) == dw && s.state == state && uint64(s.n)+uint64(n) <= maxRun {
			s.n += uint32(n)
			m.decEnd += int64(n * dw)
			m.srcEnd += int64(n * sw)
			return
		}
	}
	m.addSeg(n, sw, dw, state)
}

func (m *Map) addSeg(n, sw, dw int, state uint8) {
	for n > 0 {
		k := min(n, maxRun)
		m.segs = append(m.segs, seg{dec: m.decEnd, src: m.srcEnd, n: uint32(k), sw: uint8(sw), dw: uint8(dw), state: state})
		m.decEnd += int64(k * dw)
		m.srcEnd += int64(k * sw)
		n -= k
	}
	m.contig = true
}

// skip records n source bytes that decode to nothing.
func (m *Map) skip(n int) {
	if n > 0 {
		m.srcEnd += int64(n)
		m.contig = false
	}
}

func (m *Map) reset() {
	*m = Map{segs: m.segs[:0]}
}

// DecodedEnd returns the decoded offset just past the text mapped so far.
func (m *Map) DecodedEnd() int64 { return m.decEnd }

// SourceEnd returns the number of source bytes consumed so far: the
// source offset that [Map.DecodedEnd] maps to.
func (m *Map) SourceEnd() int64 { return m.srcEnd }

// DecodedStart returns the first decoded offset the map still holds; see
// [Map.Discard].
func (m *Map) DecodedStart() int64 {
	if len(m.segs) == 0 {
		return m.decEnd
	}
	return m.segs[0].dec
}

// find returns the index of the segment holding decoded offset d, which
// must lie in [DecodedStart, DecodedEnd).
func (m *Map) find(d int64) int {
	if i := m.last; i < len(m.segs) {
		s := &m.segs[i]
		if s.dec <= d && d < s.dec+int64(s.n)*int64(s.dw) {
			return i
		}
		// Sequential access: try the next segment before searching.
		if i+1 < len(m.segs) && m.segs[i+1].dec <= d && (i+2 == len(m.segs) || d < m.segs[i+2].dec) {
			m.last = i + 1
			return i + 1
		}
	}
	i := sort.Search(len(m.segs), func(i int) bool { return m.segs[i].dec > d }) - 1
	m.last = i
	return i
}

// SourceOffset returns the source byte offset that decoded offset d maps
// to: the first byte of the source character that produced the rune at d,
// or [Map.SourceEnd] for d == [Map.DecodedEnd]. It returns -1 for an
// offset outside [DecodedStart, DecodedEnd].
func (m *Map) SourceOffset(d int64) int64 {
	if d == m.decEnd {
		return m.srcEnd
	}
	if d < m.DecodedStart() || d > m.decEnd {
		return -1
	}
	s := &m.segs[m.find(d)]
	return s.src + (d-s.dec)/int64(s.dw)*int64(s.sw)
}

// Discard drops what the map holds for text before decoded offset d, so
// that a consumer that advances through a stream keeps the map's memory
// bounded by the text it still looks at. Offsets from d on still map.
func (m *Map) Discard(d int64) {
	if d <= m.DecodedStart() {
		return
	}
	if d >= m.decEnd {
		m.segs = m.segs[:0]
		m.last = 0
		return
	}
	i := m.find(d)
	m.segs = m.segs[:copy(m.segs, m.segs[i:])]
	m.last = 0
}

// ISO-2022-JP shift states, as selected by the escape sequences below.
const (
	stASCII   uint8 = iota // ESC ( B
	stRoman                // ESC ( J, JIS X 0201 Roman
	stKana                 // ESC ( I, JIS X 0201 Katakana
	stJIS78                // ESC $ @, JIS X 0208-1978
	stJIS0208              // ESC $ B, JIS X 0208-1983
	stJIS0212              // ESC $ ( D, JIS X 0212
)

var escapes = [...]string{
	stASCII:   "\x1b(B",
	stRoman:   "\x1b(J",
	stKana:    "\x1b(I",
	stJIS78:   "\x1b$@",
	stJIS0208: "\x1b$B",
	stJIS0212: "\x1b$(D",
}

func (m *Map) stateAt(d int64) uint8 {
	if d == m.decEnd || len(m.segs) == 0 {
		return m.state
	}
	if d < m.DecodedStart() || d > m.decEnd {
		return stASCII
	}
	return m.segs[m.find(d)].state
}

// Bracket returns the bytes a rewriter must put around replacement text
// encoded with [Charset.Encode] when it replaces the source bytes
// [SourceOffset(start), SourceOffset(end)) of a stateful charset.
//
// Encode always starts and ends its output in the initial (ASCII) state.
// For ISO-2022-JP, prefix switches to ASCII if the source is in another
// shift state at start, and suffix restores the shift state the source is
// in at end, so that the bytes copied after the replacement decode as
// before. For every other charset both are nil.
func (m *Map) Bracket(start, end int64) (prefix, suffix []byte) {
	if st := m.stateAt(start); st != stASCII {
		prefix = []byte(escapes[stASCII])
	}
	if st := m.stateAt(end); st != stASCII {
		suffix = []byte(escapes[st])
	}
	return prefix, suffix
}
