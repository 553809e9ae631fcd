package scanner

import "github.com/iriscan/iriscan/scanner/refang"

// asWritten turns the match s.m, found in the refanged window, into the
// span as written in the text read: its offset, length and text. Its IRI
// stays the refanged one.
func (s *Scanner) asWritten(c candidate) {
	m := s.rf.Map()
	d, e := s.base+int64(c.start), s.base+int64(c.end)
	start, end := m.Start(d), m.End(e)
	s.m.Offset, s.m.Length = start, end-start
	if m.Changed(d, e) {
		s.src = m.AppendSource(s.src[:0], s.buf[c.start:c.end], d)
		s.m.Text = string(s.src)
	}
}

// sourceEnd maps an offset in the window's text to the text read.
func (s *Scanner) sourceEnd(d int64) int64 {
	if s.rf != nil {
		return s.rf.Map().End(d)
	}
	return d
}

// refangText is the refanged form of a text node and its map, for an
// HTMLScanner with Options.Refang.
type refangText struct {
	buf []byte
	m   refang.Map
	src []byte
}

// refangText scans the text node raw, decoded as dec, refanged, if it has
// markers; it reports whether it did.
func (s *HTMLScanner) refangText(raw, dec []byte, off int64) bool {
	rt := s.rt
	rt.buf = refang.Append(rt.buf[:0], dec, &rt.m)
	if rt.m.Len() == 0 {
		return false
	}
	sc := &s.sc
	sc.reset(rt.buf)
	for sc.Scan() {
		m := sc.Match()
		d, e := rt.m.Start(m.Offset), rt.m.End(m.Offset+m.Length)
		rs, re := s.dec.rawStart(int(d)), s.dec.rawEnd(int(e))
		m.Offset = off + int64(rs)
		m.Length = int64(re - rs)
		m.Text = string(raw[rs:re])
		m.Decoded = s.dec.changed && s.dec.decodedIn(rs, re)
		s.pending = append(s.pending, m)
	}
	return true
}
