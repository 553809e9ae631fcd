package mail

import (
	"bufio"
	"bytes"
	"io"
	"slices"
	"strings"

	"github.com/emersion/go-message"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/rewrite"
)

// maxDepth bounds the nesting of multiparts and message/rfc822 parts.
const maxDepth = 32

// job is the state of one Rewrite call; its buffers are reused from one
// part and one message to the next.
//
// The input is read as a stream (see stream.go) and recorded in win as it
// is read; the bytes of win are written out as soon as they are known not
// to belong to a text part that may change: the header of each entity is
// held until its media type is known, and a text part is held whole until
// it is rewritten, then written with its changes spliced in.
type job struct {
	o    *Options
	w    io.Writer
	res  rewrite.Result
	mbox bool // the input is an mbox

	in      countReader // the input
	win     []byte      // input bytes read: win[ws:] are not yet written
	ws      int
	winOff  int64 // the input offset of win[ws]
	hold    int64 // bytes from this input offset on are held (-1: none)
	levels  []*level
	scratch []byte
	msgOff  int64    // input offset of the part buffer while a part is rewritten
	splices []splice // changes of the part, in order, in win

	onMessage func()                     // for tests: called for each message
	onPart    func(b []byte, s []splice) // for tests: a rewritten part and its changes

	big bigState // a text part too large to hold (big.go)

	rd  bytes.Reader
	br  *bufio.Reader // reads headers
	doc rewrite.Rewriter
	out bytes.Buffer // document output
	qp  qpWriter
	dec []byte // the transfer-decoded body of a text part

	// the new body of the part being rewritten, written by text
	nb     newBody
	nbCTE  string
	nbCS   *charset.Charset
	nbEOL  string
	nbTail []byte

	// per run of the document rewriter
	edits   []edit
	arena   []byte
	errs    []rewrite.ConvertError
	links   int
	linkPfx []byte
	u       []byte
	dels    []deletion

	labels []labelCharset // charset labels looked up
}

// A splice replaces the bytes [start, end) of the part's buffer by b, or,
// if body, by the part's new body (job.nb), encoded as it is written.
type splice struct {
	start, end int
	b          []byte
	body       bool
}

func newJob(o *Options) *job {
	return &job{o: o, br: bufio.NewReaderSize(nil, 4096), hold: -1}
}

// A recorder reads the input for the job and keeps what it reads in win.
type recorder struct{ j *job }

func (r recorder) Read(b []byte) (int, error) {
	n, err := r.j.in.Read(b)
	r.j.win = append(r.j.win, b[:n]...)
	r.j.res.Read += int64(n)
	return n, err
}

// flushTo writes the input up to offset off, or up to the held bytes.
func (j *job) flushTo(off int64) error {
	if j.hold >= 0 {
		off = min(off, j.hold)
	}
	n := int(off - j.winOff)
	if n <= 0 {
		return nil
	}
	err := j.write(j.live()[:n])
	j.drop(n)
	return err
}

// drop forgets the first n bytes of the window. The window's array is
// kept and its bytes are moved down only when more than half of it is
// forgotten: reading makes no garbage.
func (j *job) drop(n int) {
	j.winOff += int64(n)
	j.ws += n
	if j.ws == len(j.win) {
		j.win, j.ws = j.win[:0], 0
	} else if j.ws > cap(j.win)/2 {
		j.win = j.win[:copy(j.win, j.win[j.ws:])]
		j.ws = 0
	}
}

// live returns the bytes of the window: input read and not yet written.
func (j *job) live() []byte { return j.win[j.ws:] }

// level returns the reader state of nesting depth.
func (j *job) level(depth int) *level {
	for len(j.levels) <= depth {
		j.levels = append(j.levels, &level{
			br:  bufio.NewReaderSize(nil, 16<<10),
			dec: bufio.NewReaderSize(nil, 16<<10),
		})
	}
	return j.levels[depth]
}

// drain reads the rest of l's entity, writing it out as it goes (unless
// held), and returns the input offset of its end.
func (j *job) drain(l *level) (int64, error) {
	for {
		_, err := l.br.Peek(1)
		l.br.Discard(l.br.Buffered())
		if ferr := j.flushTo(l.pos()); ferr != nil {
			return l.pos(), ferr
		}
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return l.pos(), err
		}
		if j.hold >= 0 && l.pos()-j.hold > j.big.limit() {
			return l.pos(), nil
		}
	}
}

// skip reads r, which reads from l.br, to its end, writing the input out
// as it goes.
func (j *job) skip(l *level, r io.Reader) error {
	if j.scratch == nil {
		j.scratch = make([]byte, 32<<10)
	}
	for {
		_, err := r.Read(j.scratch)
		if ferr := j.flushTo(l.pos()); ferr != nil {
			return ferr
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// partError reports the entity at input bytes [s, e) as copied unchanged
// because of err.
func (j *job) partError(s, e int64, err error) {
	if f := j.o.OnError; f != nil {
		f(&rewrite.ConvertError{
			Offset: s,
			Length: e - s,
			Err:    &PartError{Offset: s, Err: err},
		})
	}
}

// entity rewrites the MIME entity that src reads, which starts at input
// offset start, and returns its end offset. top says that it is the
// message at the top level, digest that it is a part of a
// multipart/digest, whose default type is message/rfc822.
func (j *job) entity(src io.Reader, start int64, depth int, top, digest bool) (int64, error) {
	l := j.level(depth)
	l.src = countReader{r: src}
	l.start = start
	l.br.Reset(&l.src)
	if depth > maxDepth {
		e, err := j.drain(l)
		j.partError(start, e, errDepth)
		return e, err
	}
	j.hold = start // until the media type is known
	// A header over MaxHeader is read no further; reading stops at a
	// count that only such a header reaches, whatever was read ahead.
	l.src.max = MaxHeader + int64(l.br.Size()) + 1
	h, err := l.hr.read(l.br)
	l.src.max = 0
	if err == nil && l.pos()-start > MaxHeader {
		err = errHeaderSize
	}
	if err != nil {
		j.hold = -1
		e, derr := j.drain(l)
		if err != io.EOF && j.in.err == nil {
			j.partError(start, e, err)
		}
		return e, derr
	}
	bs := l.pos()
	mt := h.mt
	if !h.hasCT && digest {
		mt = "message/rfc822"
	}
	switch {
	case h.ctErr != nil, h.att:
	case h.multi:
		j.hold = -1
		if len(h.boundary) > 0 {
			l.delim = append(append(l.delim[:0], "--"...), h.boundary...)
			return j.multipart(l, l.delim, depth, mt == "multipart/digest")
		}
		e, err := j.drain(l)
		j.partError(start, e, errNoBoundary)
		return e, err
	case mt == "message/rfc822" || mt == "message/global":
		if isIdentity(h.cte) {
			j.hold = -1
			if err := j.flushTo(bs); err != nil {
				return bs, err
			}
			if _, err := j.entity(l.br, bs, depth+1, false, false); err != nil {
				return bs, err
			}
			return j.drain(l)
		}
	case mt == "text/plain" || mt == "text/html":
		return j.text(l, start, bs, h, mt, top)
	}
	j.hold = -1
	e, err := j.drain(l)
	if h.ctText && err == nil {
		j.partError(start, e, h.ctErr)
	}
	return e, err
}

// text rewrites the text part that l reads, whose header starts at input
// offset s and body at bs: it is read whole, rewritten and written.
func (j *job) text(l *level, s, bs int64, h *partHeader, mt string, top bool) (int64, error) {
	e, err := j.drain(l)
	if err != nil {
		j.hold = -1
		return e, err
	}
	if e-s > j.big.limit() {
		return j.bigText(l, s, bs, h, mt, top)
	}
	if pr, ok := l.src.r.(*partReader); ok && pr.eof {
		// The last part of a multipart without its close delimiter:
		// the multipart is reported.
		j.hold = -1
		return e, j.flushTo(e)
	}
	j.hold = -1
	if err := j.flushTo(s); err != nil {
		return e, err
	}
	// win now starts at s and holds the part.
	j.msgOff = j.winOff
	j.splices = j.splices[:0]
	n := int(e - j.winOff)
	b := j.live()
	j.textPart(b, 0, int(bs-j.winOff), n, h, mt, top)
	if j.onPart != nil {
		// The tests see the new body as bytes.
		sp := slices.Clone(j.splices)
		for i := range sp {
			if sp[i].body {
				var nb bytes.Buffer
				j.writeNewBody(&nb, &j.nb, j.nbCTE, j.nbCS, j.nbEOL, j.nbTail)
				sp[i].b, sp[i].body = nb.Bytes(), false
			}
		}
		j.onPart(b[:n], sp)
	}
	last := 0
	for _, sp := range j.splices {
		if err := j.write(b[last:sp.start]); err != nil {
			return e, err
		}
		if sp.body {
			if err := j.writeNewBody(jobWriter{j}, &j.nb, j.nbCTE, j.nbCS, j.nbEOL, j.nbTail); err != nil {
				return e, err
			}
		} else if err := j.write(sp.b); err != nil {
			return e, err
		}
		last = sp.end
	}
	j.nb = newBody{}
	if err := j.write(b[last:n]); err != nil {
		return e, err
	}
	j.drop(n)
	return e, nil
}

// multipart rewrites the parts of the multipart body that l.br reads, with
// delimiter lines of delim (RFC 2046 Section 5.1.1, see partReader). A
// part is rewritten when it ends at a delimiter; a multipart without its
// close delimiter is reported and its last part, which runs to the end of
// the input, is copied unchanged.
func (j *job) multipart(l *level, delim []byte, depth int, digest bool) (int64, error) {
	start := l.pos()
	pr := &l.pr
	pr.reset(l.br, delim, true)
	if err := j.skip(l, pr); err != nil { // the preamble
		return l.pos(), err
	}
	for !pr.eof && !pr.closing {
		if err := j.flushTo(l.pos()); err != nil {
			return l.pos(), err
		}
		off := l.pos()
		pr.reset(l.br, delim, false)
		if _, err := j.entity(pr, off, depth+1, false, digest); err != nil {
			return l.pos(), err
		}
		if err := j.skip(l, pr); err != nil {
			return l.pos(), err
		}
	}
	e, err := j.drain(l) // the epilogue
	if pr.eof && err == nil && j.in.err == nil {
		j.partError(start, e, errNoClose)
	}
	return e, err
}

// cteOf returns the Content-Transfer-Encoding of h, lowercased.
func cteOf(h message.Header) string {
	return strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding")))
}

// isIdentity reports whether the transfer encoding cte leaves the body as
// it is.
func isIdentity(cte string) bool {
	switch cte {
	case "", "7bit", "8bit", "binary":
		return true
	}
	return false
}
