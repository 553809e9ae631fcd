package textdiff

import (
	"bufio"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"strconv"
)

// A Text is what Unified reads: a file (wrapped in an io.SectionReader,
// which knows its size) or bytes in memory (bytes.Reader, strings.Reader).
type Text interface {
	io.ReaderAt
	Size() int64
}

// Context is the number of unchanged lines around each change in a hunk,
// as diff -u prints.
const Context = 3

// Tunables, variables for the tests.
var (
	// window is the number of lines of each text that are matched at
	// once after a difference.
	window = 1 << 14
	// maxLCS bounds the table of the longest-common-subsequence
	// fallback, in cells.
	maxLCS = 1 << 18
	// maxHunk is the most lines a hunk holds before it is printed; a
	// longer run of changes is printed as several hunks that touch.
	maxHunk = 1 << 16
)

// Unified writes to w the differences between the texts old and new in
// the unified format of diff -u: the headers "--- oldLabel" and "+++
// newLabel" (written as given: quote file names first), then hunks "@@
// -l,s +l,s @@" with three lines of context. Lines are byte lines ending
// in "\n"; a last line without one is followed by "\ No newline at end
// of file". Nothing is written if the texts are equal. Unified reports
// whether they differ; an error is one of reading a text or of writing w.
func Unified(w io.Writer, oldLabel, newLabel string, old, new Text) (differ bool, err error) {
	seed := maphash.MakeSeed()
	p := &printer{w: w, oldLabel: oldLabel, newLabel: newLabel}
	p.text[0].t, p.text[1].t = old, new
	a, b := newSide(old, seed), newSide(new, seed)
	var scratch []uint64
	for p.err == nil {
		if err := a.fill(1); err != nil {
			return p.changed, err
		}
		if err := b.fill(1); err != nil {
			return p.changed, err
		}
		na, nb := a.avail(), b.avail()
		if na > 0 && nb > 0 && a.at(0).h == b.at(0).h {
			p.equal(a.at(0))
			a.pop(1)
			b.pop(1)
			continue
		}
		if na == 0 && nb == 0 {
			break
		}
		if err := a.fill(window); err != nil {
			return p.changed, err
		}
		if err := b.fill(window); err != nil {
			return p.changed, err
		}
		na, nb = a.avail(), b.avail()
		scratch = scratch[:0]
		for i := range na {
			scratch = append(scratch, a.at(i).h)
		}
		for j := range nb {
			scratch = append(scratch, b.at(j).h)
		}
		ha, hb := scratch[:na:na], scratch[na:]
		cs := changes(ha, hb)
		ca, cb := na, nb
		if !a.eof || !b.eof {
			ca, cb = commitPoint(cs, na, nb)
		}
		i, j := 0, 0
		for _, c := range cs {
			if c.a1 > ca || c.b1 > cb {
				break
			}
			for ; i < c.a0; i, j = i+1, j+1 {
				p.equal(a.at(i))
			}
			for ; i < c.a1; i++ {
				p.change('-', a.at(i))
			}
			for ; j < c.b1; j++ {
				p.change('+', b.at(j))
			}
		}
		for ; i < ca; i, j = i+1, j+1 {
			p.equal(a.at(i))
		}
		a.pop(ca)
		b.pop(cb)
	}
	p.finish()
	return p.changed, p.err
}

// commitPoint returns how many lines of the windows a[:na] and b[:nb],
// matched as the changes cs say, to print now: up to and including the
// last matched line in the first half of the windows, so that the
// window that follows starts on a match, or the first matched line if
// there is none there, or all if no line matched.
func commitPoint(cs []change, na, nb int) (ca, cb int) {
	half := (na + nb) / 2
	ca, cb = -1, -1
	i, j := 0, 0
	run := func(end int) bool { // the equal lines a[i:end] ~ b[j:...]
		n := end - i
		if n <= 0 {
			return true
		}
		if i+j > half {
			if ca < 0 {
				ca, cb = i+1, j+1
			}
			return false
		}
		k := min(n-1, (half-i-j)/2)
		ca, cb = i+k+1, j+k+1
		return true
	}
	for _, c := range cs {
		if !run(c.a0) {
			return ca, cb
		}
		i, j = c.a1, c.b1
	}
	run(na)
	if ca < 0 {
		return na, nb
	}
	return ca, cb
}

// A line is one line of a text: its bytes [off, off+n), n including the
// final "\n" if there is one, and their hash.
type line struct {
	off, n int64
	h      uint64
	eol    bool // ends in "\n"
}

// A side reads the lines of one text and holds those not yet diffed.
type side struct {
	r    *bufio.Reader
	seed maphash.Seed
	off  int64
	q    []line
	head int
	eof  bool
}

func newSide(t Text, seed maphash.Seed) *side {
	return &side{r: bufio.NewReaderSize(io.NewSectionReader(t, 0, t.Size()), 64<<10), seed: seed}
}

func (s *side) avail() int      { return len(s.q) - s.head }
func (s *side) at(i int) line   { return s.q[s.head+i] }
func (s *side) pop(n int)       { s.head += n }
func (s *side) compact()        { s.q = s.q[:copy(s.q, s.q[s.head:])]; s.head = 0 }
func (s *side) full(n int) bool { return s.avail() >= n }

// fill reads lines until n are held or the text ends.
func (s *side) fill(n int) error {
	if s.head > 0 && s.head >= len(s.q)/2 {
		s.compact()
	}
	var h maphash.Hash
	for !s.eof && !s.full(n) {
		h.SetSeed(s.seed)
		l := line{off: s.off}
		for {
			chunk, err := s.r.ReadSlice('\n')
			h.Write(chunk)
			l.n += int64(len(chunk))
			if err == nil {
				l.eol = true
				break
			}
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			if err != io.EOF {
				return err
			}
			s.eof = true
			break
		}
		if l.n == 0 {
			break
		}
		l.h = h.Sum64()
		s.off += l.n
		s.q = append(s.q, l)
	}
	return nil
}

// A printer gathers the lines of a hunk and prints it.
type printer struct {
	w                  io.Writer
	oldLabel, newLabel string
	text               [2]cache // old, new
	err                error
	changed            bool

	na, nb int           // lines of each text before the next one
	recent [Context]line // the last equal lines, a ring
	nrec   int           // equal lines seen in a row, so far

	in     bool // a hunk is open
	a0, b0 int  // its first line in each text
	ops    []op
	trail  int // equal lines at its end
}

type op struct {
	kind byte // ' ', '-' or '+'
	l    line
}

// equal takes a line that is in both texts.
func (p *printer) equal(l line) {
	p.recent[p.nrec%Context] = l
	p.nrec++
	p.na++
	p.nb++
	if !p.in {
		return
	}
	p.trail++
	switch {
	case p.trail <= Context:
		p.ops = append(p.ops, op{' ', l})
	case p.trail > 2*Context:
		p.flush()
	}
}

// change takes a line removed from the old text ('-') or added to the
// new one ('+').
func (p *printer) change(kind byte, l line) {
	p.changed = true
	if !p.in {
		k := min(p.nrec, Context)
		p.in, p.a0, p.b0 = true, p.na-k, p.nb-k
		for i := p.nrec - k; i < p.nrec; i++ {
			p.ops = append(p.ops, op{' ', p.recent[i%Context]})
		}
	} else if p.trail > Context {
		for i := p.nrec - (p.trail - Context); i < p.nrec; i++ {
			p.ops = append(p.ops, op{' ', p.recent[i%Context]})
		}
	}
	p.trail, p.nrec = 0, 0
	p.ops = append(p.ops, op{kind, l})
	if kind == '-' {
		p.na++
	} else {
		p.nb++
	}
	if len(p.ops) >= maxHunk {
		p.flush() // the next change opens a hunk here, without context
	}
}

func (p *printer) finish() {
	if p.in {
		p.flush()
	}
}

// flush prints the open hunk, with at most Context lines of trailing
// context.
func (p *printer) flush() {
	ops := p.ops // equal stops adding context after Context lines
	p.in, p.ops, p.trail = false, p.ops[:0], 0
	if p.err != nil {
		return
	}
	if !p.headerDone() {
		return
	}
	var la, lb int
	for _, o := range ops {
		if o.kind != '+' {
			la++
		}
		if o.kind != '-' {
			lb++
		}
	}
	if _, p.err = fmt.Fprintf(p.w, "@@ -%s +%s @@\n", hunkRange(p.a0, p.a0+la), hunkRange(p.b0, p.b0+lb)); p.err != nil {
		return
	}
	for _, o := range ops {
		t := &p.text[0]
		if o.kind == '+' {
			t = &p.text[1]
		}
		if p.err = p.writeLine(o.kind, t, o.l); p.err != nil {
			return
		}
	}
}

// headerDone writes the file headers before the first hunk.
func (p *printer) headerDone() bool {
	if p.oldLabel != "" || p.newLabel != "" {
		_, p.err = fmt.Fprintf(p.w, "--- %s\n+++ %s\n", p.oldLabel, p.newLabel)
		p.oldLabel, p.newLabel = "", ""
	}
	return p.err == nil
}

func (p *printer) writeLine(kind byte, t *cache, l line) error {
	if _, err := p.w.Write([]byte{kind}); err != nil {
		return err
	}
	if err := t.copy(p.w, l.off, l.n); err != nil {
		return err
	}
	if !l.eol {
		_, err := io.WriteString(p.w, "\n\\ No newline at end of file\n")
		return err
	}
	return nil
}

// hunkRange formats the lines [l0, l1) as "start,count" with lines
// counted from 1; an empty range starts at the line before it.
func hunkRange(l0, l1 int) string {
	if l1 == l0 {
		return strconv.Itoa(l0) + ",0"
	}
	return strconv.Itoa(l0+1) + "," + strconv.Itoa(l1-l0)
}

// A cache reads a text for printing: lines are asked for in order, so one
// block read ahead serves most of them.
type cache struct {
	t   Text
	buf []byte
	off int64 // of buf[0]
}

// copy writes the bytes [off, off+n) of the text to w.
func (c *cache) copy(w io.Writer, off, n int64) error {
	if off >= c.off && off+n <= c.off+int64(len(c.buf)) {
		_, err := w.Write(c.buf[off-c.off : off-c.off+n])
		return err
	}
	const block = 64 << 10
	if n > block {
		m, err := io.Copy(w, io.NewSectionReader(c.t, off, n))
		if err == nil && m < n {
			err = io.ErrUnexpectedEOF // the text shrank
		}
		return err
	}
	if c.buf == nil {
		c.buf = make([]byte, block)
	}
	c.buf = c.buf[:cap(c.buf)]
	m, err := c.t.ReadAt(c.buf, off)
	c.buf, c.off = c.buf[:m], off
	if int64(m) < n {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	_, err = w.Write(c.buf[:n])
	return err
}
