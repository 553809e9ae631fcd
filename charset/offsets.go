package charset

import "sort"

// A Map maps offsets in decoded UTF-8 text back to byte offsets in the
// source document. Offsets on both sides are absolute: they count from the
// start of the stream, not of the current chunk.
//
// The map is run-length encoded: a run of characters that all have the
// same source width and the same decoded width takes eight bytes, so a
// windows-1252 or UTF-8 document that is mostly ASCII needs few runs, and a
// run ends only where the byte/rune ratio changes, at an invalid sequence,
// or at bytes that decode to nothing (an ISO-2022-JP escape sequence, a
// byte order mark). Every 32 runs a checkpoint of 16 bytes holds absolute
// offsets, so a lookup scans at most 32 runs after a binary search. Its
// memory is bounded by the text it covers; [Map.Discard] drops what the
// consumer no longer needs.
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
	runs []run        // in source order
	cps  []checkpoint // cps[k]: the offsets where runs[k*cpEvery] starts

	// decEnd and srcEnd are the offsets just past everything mapped so
	// far: the decoded length and the source bytes consumed.
	decEnd, srcEnd int64

	// state is the ISO-2022-JP shift state after the last consumed byte.
	state uint8
}

// A run is n characters of sw source bytes that decode to dw bytes each, in
// one ISO-2022-JP shift state; dw is 0 for bytes that decode to nothing
// (then sw is 1 and n counts the bytes). It packs into 64 bits:
// n<<8 | state<<5 | dw<<2 | sw-1.
type run uint64

const (
	maxRun  = 1<<56 - 1
	cpEvery = 32 // runs between checkpoints
)

func (r run) n() int64                   { return int64(r >> 8) }
func (r run) dw() int64                  { return int64(r >> 2 & 7) }
func (r run) sw() int64                  { return int64(r&3) + 1 }
func (r run) state() uint8               { return uint8(r >> 5 & 7) }
func runKey(sw, dw int, state uint8) run { return run(state)<<5 | run(dw)<<2 | run(sw-1) }

type checkpoint struct{ dec, src int64 }

// add appends n characters of sw source bytes and dw decoded bytes each;
// n may be 0.
func (m *Map) add(n, sw, dw int, state uint8) {
	for c := int64(n); c > 0; {
		k := min(c, maxRun)
		m.addRun(runKey(sw, dw, state) | run(k)<<8)
		c -= k
	}
}

// addRun appends a run, merging it into the last one if it has the same
// widths and state and the count fits.
func (m *Map) addRun(r run) {
	n := r.n()
	m.decEnd += n * r.dw()
	m.srcEnd += n * r.sw()
	if k := len(m.runs) - 1; k >= 0 && m.runs[k]&0xff == r&0xff && m.runs[k].n()+n <= maxRun {
		m.runs[k] += r &^ 0xff
		return
	}
	if len(m.runs)%cpEvery == 0 {
		m.cps = append(m.cps, checkpoint{m.decEnd - n*r.dw(), m.srcEnd - n*r.sw()})
	}
	m.runs = append(m.runs, r)
}

// A runBuf collects runs in a walker's stack frame, to hand them to the
// map in batches: adding a run is then a store, not a call. A walker adds
// at most runBufSlack runs between two calls of room, and ends with done.
type runBuf struct {
	runs [64]run
	n    int
}

const runBufSlack = 4

// room makes room for runBufSlack more runs.
func (b *runBuf) room(m *Map) {
	if b.n > len(b.runs)-runBufSlack {
		b.flush(m)
	}
}

// add buffers n characters of sw source and dw decoded bytes; n may be 0.
func (b *runBuf) add(n, sw, dw int, state uint8) {
	if n != 0 {
		b.runs[b.n] = runKey(sw, dw, state) | run(n)<<8
		b.n++
	}
}

// done adds the last run of a walk and hands everything to the map.
func (b *runBuf) done(m *Map, n, sw, dw int, state uint8) {
	b.room(m)
	b.add(n, sw, dw, state)
	b.flush(m)
}

// flush hands the buffered runs to the map.
//
//go:noinline
func (b *runBuf) flush(m *Map) {
	for _, r := range b.runs[:b.n] {
		m.addRun(r)
	}
	b.n = 0
}

// skip records n source bytes that decode to nothing.
func (m *Map) skip(n int) {
	m.add(n, 1, 0, m.state)
}

func (m *Map) reset() {
	*m = Map{runs: m.runs[:0], cps: m.cps[:0]}
}

// DecodedEnd returns the decoded offset just past the text mapped so far.
func (m *Map) DecodedEnd() int64 { return m.decEnd }

// SourceEnd returns the number of source bytes consumed so far: the
// source offset that [Map.DecodedEnd] maps to.
func (m *Map) SourceEnd() int64 { return m.srcEnd }

// DecodedStart returns the first decoded offset the map still holds; see
// [Map.Discard].
func (m *Map) DecodedStart() int64 {
	if len(m.cps) == 0 {
		return m.decEnd
	}
	return m.cps[0].dec
}

// find returns the run holding decoded offset d and the offsets where it
// starts; ok is false if d is not in [DecodedStart, DecodedEnd).
func (m *Map) find(d int64) (r run, dec, src int64, ok bool) {
	if d < m.DecodedStart() || d >= m.decEnd {
		return 0, 0, 0, false
	}
	// Most often d is after the last checkpoint: a scanner's matches
	// are near the end of the text decoded.
	k := len(m.cps) - 1
	if m.cps[k].dec > d {
		k = sort.Search(len(m.cps), func(k int) bool { return m.cps[k].dec > d }) - 1
	}
	dec, src = m.cps[k].dec, m.cps[k].src
	for _, r = range m.runs[k*cpEvery:] {
		span := r.n() * r.dw()
		if d < dec+span {
			return r, dec, src, true
		}
		dec += span
		src += r.n() * r.sw()
	}
	return 0, 0, 0, false
}

// SourceOffset returns the source byte offset that decoded offset d maps
// to: the first byte of the source character that produced the rune at d,
// or [Map.SourceEnd] for d == [Map.DecodedEnd]. It returns -1 for an
// offset outside [DecodedStart, DecodedEnd].
func (m *Map) SourceOffset(d int64) int64 {
	if d == m.decEnd {
		return m.srcEnd
	}
	r, dec, src, ok := m.find(d)
	if !ok {
		return -1
	}
	if r.dw() == 1 && r.sw() == 1 { // ASCII or valid UTF-8: no division
		return src + d - dec
	}
	return src + (d-dec)/r.dw()*r.sw()
}

// Discard drops what the map holds for text before decoded offset d, so
// that a consumer that advances through a stream keeps the map's memory
// bounded by the text it still looks at. Offsets from d on still map;
// some before d may too, as the map drops whole blocks of runs.
func (m *Map) Discard(d int64) {
	if d <= m.DecodedStart() {
		return
	}
	if d >= m.decEnd {
		m.runs, m.cps = m.runs[:0], m.cps[:0]
		return
	}
	k := sort.Search(len(m.cps), func(k int) bool { return m.cps[k].dec > d }) - 1
	if k > 0 {
		m.runs = m.runs[:copy(m.runs, m.runs[k*cpEvery:])]
		m.cps = m.cps[:copy(m.cps, m.cps[k:])]
	}
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
	if d == m.decEnd {
		return m.state
	}
	r, _, _, _ := m.find(d)
	return r.state()
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
