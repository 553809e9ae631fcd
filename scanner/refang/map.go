package refang

import "sort"

// A Map takes offsets in refanged text back to the text it was made from:
// it records each replacement of a marker. Its zero value is an empty map
// (the identity).
type Map struct {
	edits []edit
	head  int // edits[:head] are forgotten
	// The end of the last forgotten edit, in the source and in the
	// refanged text: offsets after it and before the next edit differ by
	// the difference.
	srcEnd, dstEnd int64
}

// edit is one replaced marker.
type edit struct {
	src, dst int64 // offset in the source and in the refanged text
	oldLen   uint8
	newLen   uint8
	old      [maxOld]byte
}

func (m *Map) add(src, dst int64, old []byte, newLen int) {
	e := edit{src: src, dst: dst, oldLen: uint8(len(old)), newLen: uint8(newLen)}
	copy(e.old[:], old)
	m.edits = append(m.edits, e)
}

// Reset empties m.
func (m *Map) Reset() {
	m.edits, m.head, m.srcEnd, m.dstEnd = m.edits[:0], 0, 0, 0
}

// Len returns the number of markers m holds.
func (m *Map) Len() int { return len(m.edits) - m.head }

// last returns the index of the last edit whose refanged offset is before d
// (at or before it when at), or -1.
func (m *Map) last(d int64, at bool) int {
	es := m.edits[m.head:]
	i := sort.Search(len(es), func(i int) bool {
		if at {
			return es[i].dst > d
		}
		return es[i].dst >= d
	})
	return m.head + i - 1
}

// Start returns the source offset of refanged offset d as the start of a
// span: a d inside a replacement maps to the start of its marker.
func (m *Map) Start(d int64) int64 {
	i := m.last(d, true)
	if i < m.head {
		return d + m.srcEnd - m.dstEnd
	}
	e := &m.edits[i]
	if d < e.dst+int64(e.newLen) {
		return e.src
	}
	return d + e.src + int64(e.oldLen) - e.dst - int64(e.newLen)
}

// End returns the source offset of refanged offset d as the end of a span:
// a d inside a replacement maps to the end of its marker.
func (m *Map) End(d int64) int64 {
	i := m.last(d, false)
	if i < m.head {
		return d + m.srcEnd - m.dstEnd
	}
	e := &m.edits[i]
	if d <= e.dst+int64(e.newLen) {
		return e.src + int64(e.oldLen)
	}
	return d + e.src + int64(e.oldLen) - e.dst - int64(e.newLen)
}

// AppendSource appends to dst the source text of the refanged bytes text,
// which start at refanged offset d: text with each replacement it touches
// written back as the marker it came from. The result is the source span
// [Start(d), End(d+len(text))).
func (m *Map) AppendSource(dst, text []byte, d int64) []byte {
	end := d + int64(len(text))
	pos := d
	for i := max(m.last(d, true), m.head); i < len(m.edits); i++ {
		e := &m.edits[i]
		eEnd := e.dst + int64(e.newLen)
		if e.dst >= end {
			break
		}
		if eEnd <= d {
			continue
		}
		if e.dst > pos {
			dst = append(dst, text[pos-d:e.dst-d]...)
		}
		dst = append(dst, e.old[:e.oldLen]...)
		pos = eEnd
	}
	if pos < end {
		dst = append(dst, text[pos-d:]...)
	}
	return dst
}

// Changed reports whether a replacement touches the refanged span
// [d, end).
func (m *Map) Changed(d, end int64) bool {
	i := max(m.last(d, true), m.head)
	for ; i < len(m.edits); i++ {
		e := &m.edits[i]
		if e.dst >= end {
			return false
		}
		if e.dst+int64(e.newLen) > d {
			return true
		}
	}
	return false
}

// Forget drops the replacements that end at or before refanged offset d:
// no later question about an offset before d.
func (m *Map) Forget(d int64) {
	for m.head < len(m.edits) {
		e := &m.edits[m.head]
		if e.dst+int64(e.newLen) > d {
			break
		}
		m.srcEnd, m.dstEnd = e.src+int64(e.oldLen), e.dst+int64(e.newLen)
		m.head++
	}
	if m.head == len(m.edits) {
		m.edits, m.head = m.edits[:0], 0
	} else if m.head >= 1024 && m.head >= len(m.edits)/2 {
		n := copy(m.edits, m.edits[m.head:])
		m.edits, m.head = m.edits[:n], 0
	}
}
