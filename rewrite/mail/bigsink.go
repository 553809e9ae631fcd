package mail

import (
	"bytes"
	"io"

	"github.com/iriscan/iriscan/charset"
)

// This file builds the new body of a large text part as the document
// rewriter writes it, into the spill file, with what the in-memory path
// (runPart, wrapHTML) builds from the whole body and the list of edits:
//
//   - plain text or HTML: the rewriter's output, which is its input with
//     the edits made;
//   - format=flowed text: the body (before unflowing) with each edit made
//     at the span of the body its unflowed span maps to (unflowMap);
//   - text/plain made HTML: the rewriter's output, with <wbr> at the soft
//     line breaks of DelSp=yes text that no edit covers, in a pre-wrap div
//     after the byte order mark.
//
// The edits come in order, each announced (OnEdit) before its bytes are
// written; the sink follows the output to know which of its bytes are
// copies of the input and where, so that deletions of the unflowed text
// that the output has passed are folded and forgotten.

type sinkMode uint8

const (
	sinkPlain  sinkMode = iota
	sinkFlowed          // format=flowed, not made HTML
	sinkHTML            // text/plain made HTML
)

// An announced edit: input bytes [off, off+n) replaced by newLen output
// bytes from output offset outStart.
type qEdit struct {
	off, n   int64
	outStart int64
	newLen   int64
	started  bool
}

type bigSink struct {
	mode sinkMode
	out  io.Writer // the new body
	st   bodyStats
	err  error

	q        []qEdit
	qk       int   // q[:qk] are passed
	annShift int64 // Σ newLen-n of the edits announced
	outPos   int64 // output bytes seen
	uPos     int64 // the input offset that the output has reached (outside an edit)

	m streamMap // the deletions of format=flowed unflowing

	// sinkFlowed: the body, read from the spill, and how far it is written
	sp    *spill
	body  region
	last  int64
	delSp bool

	// sinkHTML
	soft     []int64 // soft line breaks, passed before soft[sk] (DelSp=yes)
	sk       int
	head     []byte // the first bytes, until the byte order mark is known
	headDone bool
	open, cl []byte
}

// write writes a piece of the new body.
func (s *bigSink) write(b []byte) {
	if s.err != nil || len(b) == 0 {
		return
	}
	s.st.add(b)
	_, s.err = s.out.Write(b)
}

// copyBody writes the body bytes [from, to).
func (s *bigSink) copyBody(from, to int64) {
	if s.err != nil || to <= from {
		return
	}
	r := io.NewSectionReader(s.sp.f, s.body.off+from, to-from)
	buf := s.sp.buf()
	for {
		n, err := r.Read(buf)
		s.write(buf[:n])
		if err == io.EOF {
			return
		}
		if err != nil {
			if s.err == nil {
				s.err = err
			}
			return
		}
	}
}

// edit takes an edit the rewriter announces.
func (s *bigSink) edit(off, n int64, nb []byte) {
	if s.mode == sinkPlain {
		return
	}
	if s.mode == sinkFlowed {
		// As runPart maps the edits, with one map.
		st, en := s.m.start(off), s.m.end(off+n)
		if st > s.last {
			s.copyBody(s.last, st)
		}
		s.write(nb)
		s.last = en
	}
	if s.qk > 1024 && s.qk > len(s.q)/2 {
		s.q = s.q[:copy(s.q, s.q[s.qk:])]
		s.qk = 0
	}
	s.q = append(s.q, qEdit{off: off, n: n, outStart: off + s.annShift, newLen: int64(len(nb))})
	s.annShift += int64(len(nb)) - n
	s.zero()
}

// zero passes the edits without output bytes at the output position.
func (s *bigSink) zero() {
	for s.qk < len(s.q) && s.q[s.qk].outStart == s.outPos && s.q[s.qk].newLen == 0 {
		s.boundary(&s.q[s.qk])
		s.uPos = s.q[s.qk].off + s.q[s.qk].n
		s.qk++
	}
}

// boundary is called where the output reaches edit e.
func (s *bigSink) boundary(e *qEdit) {
	if s.mode != sinkHTML || s.sk == len(s.soft) {
		return
	}
	// A soft break at e.off goes before e if e replaces bytes, after it
	// if it only inserts; one inside the replaced bytes is dropped.
	k := s.sk
	for k < len(s.soft) && (s.soft[k] < e.off || s.soft[k] == e.off && e.n > 0) {
		s.html([]byte(wbr))
		k++
	}
	for k < len(s.soft) && s.soft[k] > e.off && s.soft[k] < e.off+e.n {
		k++
	}
	s.passSoft(k)
}

// passSoft forgets the soft line breaks before soft[k].
func (s *bigSink) passSoft(k int) {
	s.sk = k
	if s.sk == len(s.soft) {
		s.soft, s.sk = s.soft[:0], 0
	} else if s.sk > 1024 && s.sk > len(s.soft)/2 {
		s.soft = s.soft[:copy(s.soft, s.soft[s.sk:])]
		s.sk = 0
	}
}

// Write takes the rewriter's output.
func (s *bigSink) Write(b []byte) (int, error) {
	n := len(b)
	if s.mode == sinkPlain {
		s.write(b)
		return n, s.err
	}
	for len(b) > 0 && s.err == nil {
		s.zero()
		if s.qk < len(s.q) && s.outPos >= s.q[s.qk].outStart {
			e := &s.q[s.qk]
			if !e.started {
				e.started = true
				s.boundary(e)
			}
			k := min(int64(len(b)), e.outStart+e.newLen-s.outPos)
			if s.mode == sinkHTML {
				s.html(b[:k])
			}
			s.outPos += k
			b = b[k:]
			if s.outPos == e.outStart+e.newLen {
				s.uPos = e.off + e.n
				s.qk++
			}
			continue
		}
		k := int64(len(b))
		if s.qk < len(s.q) {
			k = min(k, s.q[s.qk].outStart-s.outPos)
		}
		if s.mode == sinkHTML {
			s.copied(b[:k])
		}
		s.uPos += k
		s.outPos += k
		b = b[k:]
	}
	s.m.fold(s.uPos)
	return n, s.err
}

// copied takes output bytes that are the input bytes from uPos on,
// with <wbr> before each soft line break among them.
func (s *bigSink) copied(b []byte) {
	u := s.uPos
	k := s.sk
	for k < len(s.soft) && s.soft[k] < u+int64(len(b)) {
		x := max(s.soft[k]-u, 0)
		s.html(b[:x])
		s.html([]byte(wbr))
		b, u = b[x:], u+x
		k++
	}
	s.passSoft(k)
	s.html(b)
}

// html writes the linkified text, after the byte order mark and the
// opening tag.
func (s *bigSink) html(b []byte) {
	if !s.headDone {
		s.head = append(s.head, b...)
		if len(s.head) >= 3 {
			s.flushHead()
		}
		return
	}
	s.write(b)
}

func (s *bigSink) flushHead() {
	s.headDone = true
	_, n := charset.BOM(s.head)
	s.write(s.head[:n])
	s.write(s.open)
	s.write(s.head[n:])
	s.head = s.head[:0]
}

// close writes the end of the new body.
func (s *bigSink) close() error {
	s.zero()
	switch s.mode {
	case sinkFlowed:
		s.copyBody(s.last, s.body.n)
	case sinkHTML:
		for range s.soft[s.sk:] {
			s.html([]byte(wbr))
		}
		s.passSoft(len(s.soft))
		if !s.headDone {
			s.flushHead()
		}
		s.write(s.cl)
	}
	return s.err
}

// streamMap is unflowMap over deletions that arrive as the text is
// unflowed and are forgotten once passed.
type streamMap struct {
	dels []deletion
	k    int
	sum  int64
}

func (m *streamMap) start(x int64) int64 {
	for m.k < len(m.dels) && int64(m.dels[m.k].u) <= x {
		m.sum += int64(m.dels[m.k].e - m.dels[m.k].s)
		m.k++
	}
	return x + m.sum
}

func (m *streamMap) end(y int64) int64 {
	for m.k < len(m.dels) && int64(m.dels[m.k].u) < y {
		m.sum += int64(m.dels[m.k].e - m.dels[m.k].s)
		m.k++
	}
	return y + m.sum
}

// fold forgets the deletions before y, which no later span can start at.
func (m *streamMap) fold(y int64) {
	m.end(y)
	if m.k > 1024 && m.k > len(m.dels)/2 {
		m.dels = m.dels[:copy(m.dels, m.dels[m.k:])]
		m.k = 0
	}
}

// span maps the span [x, y) of the unflowed text as the errors of runPart
// are mapped: each end on its own, over all the deletions. No deletion
// that was passed is at or after x.
func (m *streamMap) span(x, y int64) (int64, int64) {
	st, en := x+m.sum, y+m.sum
	for _, d := range m.dels[m.k:] {
		if int64(d.u) <= x {
			st += int64(d.e - d.s)
		}
		if int64(d.u) < y {
			en += int64(d.e - d.s)
		}
	}
	return st, en
}

// An unflowReader reads a format=flowed body unflowed, in pieces cut
// after a line that does not end with a space (so that no line is joined
// across a cut: unflow gives on the pieces what it gives on the whole),
// and hands the deletions to the sink.
type unflowReader struct {
	r     io.Reader
	delSp bool
	s     *bigSink
	b     *bigState
	buf   []byte
	base  int64 // body offset of buf[0]
	ubase int64 // unflowed offset of the next piece
	out   []byte
	dels  []deletion
	eof   bool
	err   error
}

func (f *unflowReader) Read(p []byte) (int, error) {
	for len(f.out) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		if f.eof {
			return 0, io.EOF
		}
		f.next()
	}
	n := copy(p, f.out)
	f.out = f.out[n:]
	return n, nil
}

// flowedCut returns where b, which the body continues, can be cut: after
// the last line break whose line does not end with a space; 0 if none.
func flowedCut(b []byte) int {
	for i := len(b); ; {
		i = bytes.LastIndexByte(b[:i], '\n')
		if i < 0 {
			return 0
		}
		le := i
		if le > 0 && b[le-1] == '\r' {
			le--
		}
		if le == 0 || b[le-1] != ' ' {
			return i + 1
		}
	}
}

func (f *unflowReader) next() {
	var err error
	f.buf, f.eof, err = fill(f.r, f.buf, max(f.b.piece(), len(f.buf)))
	if err != nil {
		f.err = err
		return
	}
	cut := len(f.buf)
	if !f.eof {
		if cut = flowedCut(f.buf); cut == 0 {
			if len(f.buf) >= f.b.max() {
				f.err = errPieceTooLarge
			}
			return
		}
	}
	f.out, f.dels = unflow(f.buf[:cut], f.delSp, f.out[:0], f.dels[:0])
	for _, d := range f.dels {
		d.u += int(f.ubase)
		d.s += int(f.base)
		d.e += int(f.base)
		f.s.m.dels = append(f.s.m.dels, d)
		if d.soft && f.s.mode == sinkHTML && f.delSp {
			f.s.soft = append(f.s.soft, int64(d.u))
		}
	}
	f.ubase += int64(len(f.out))
	f.base += int64(cut)
	f.buf = f.buf[:copy(f.buf, f.buf[cut:])]
}
