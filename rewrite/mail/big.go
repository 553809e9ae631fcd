package mail

import (
	"bytes"
	"errors"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/transform"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/rewrite"
)

// A text part is held in memory while it is rewritten (textPart), because
// its header, written first, can change with what its body becomes: its
// charset (to UTF-8 when a new character is not in it), its transfer
// encoding (quoted-printable when a 7bit or 8bit body gains long lines or
// 8-bit bytes). A part larger than InMemoryLimit is instead spilled to a
// temporary file as it is read, decoded into the file, rewritten as a
// stream into the file, and written out once its new header is known:
// memory stays bounded whatever the size of the part, and the output is
// the one the in-memory path gives.

// InMemoryLimit is the size from which a text part (header and body) is
// rewritten through a temporary file instead of in memory.
const InMemoryLimit = 4 << 20

// bigState is the job's state for large text parts.
type bigState struct {
	lim    int64 // InMemoryLimit if 0; tests lower it
	pieceN int   // pieceSize if 0
	maxN   int   // maxPiece if 0
	in     []byte
	spill  *spill // the open spill, for tests
	parts  int    // large parts met, for tests
	full   int64  // for tests: the size at which the spill file is full
}

func (b *bigState) limit() int64 {
	if b.lim > 0 {
		return b.lim
	}
	return InMemoryLimit
}

func (b *bigState) piece() int {
	if b.pieceN > 0 {
		return b.pieceN
	}
	return pieceSize
}

func (b *bigState) max() int {
	if b.maxN > 0 {
		return b.maxN
	}
	return maxPiece
}

// A spillError is a failure to write or read the temporary file; it ends
// the rewrite.
type spillError struct {
	off int64 // the part's offset
	err error
}

func (e *spillError) Error() string {
	return "mail: text part at byte " + itoa(e.off) + ": temporary file: " + e.err.Error()
}

func (e *spillError) Unwrap() error { return e.err }

// A tailTracker follows the bytes of a part as they are spilled: whether
// its body has a CRLF, and how many line-break bytes end it.
type tailTracker struct {
	bodyStart int64
	n         int64
	crlf      bool
	cr        bool  // the last body byte was CR
	tail      int64 // line-break bytes at the end of the body
}

func (t *tailTracker) add(b []byte) {
	if t.n < t.bodyStart {
		k := min(int64(len(b)), t.bodyStart-t.n)
		t.n += k
		b = b[k:]
	}
	if len(b) == 0 {
		return
	}
	t.n += int64(len(b))
	if !t.crlf && (t.cr && b[0] == '\n' || bytes.Contains(b, []byte("\r\n"))) {
		t.crlf = true
	}
	t.cr = b[len(b)-1] == '\r'
	i := len(b)
	for i > 0 && (b[i-1] == '\n' || b[i-1] == '\r') {
		i--
	}
	if i == 0 {
		t.tail += int64(len(b))
	} else {
		t.tail = int64(len(b) - i)
	}
}

// bigText rewrites the text part that l reads, whose header starts at
// input offset s and body at bs, and of which win holds what was read so
// far: it is spilled, then rewritten from the spill (bigPart).
func (j *job) bigText(l *level, s, bs int64, h *partHeader, mt string, top bool) (int64, error) {
	j.hold = -1
	if err := j.flushTo(s); err != nil {
		return l.pos(), err
	}
	sp, err := newSpill(j.o.TempDir)
	if err != nil {
		return l.pos(), &rewrite.Error{Offset: s, Err: &spillError{s, err}}
	}
	j.big.spill = sp
	j.big.parts++
	sp.max = j.big.full
	defer func() {
		sp.close()
		j.big.spill = nil
	}()
	rw := sp.writer()
	tt := tailTracker{bodyStart: bs - s}
	var werr error
	for {
		_, rerr := l.br.Peek(1)
		l.br.Discard(l.br.Buffered())
		n := int(l.pos() - j.winOff)
		b := j.live()[:n]
		tt.add(b)
		if werr == nil {
			_, werr = rw.Write(b)
		}
		j.drop(n)
		if rerr != nil {
			if rerr != io.EOF {
				return l.pos(), rerr
			}
			break
		}
	}
	e := l.pos()
	raw, err := rw.done()
	if werr == nil {
		werr = err
	}
	if werr != nil {
		return e, &rewrite.Error{Offset: s, Err: &spillError{s, werr}}
	}
	if pr, ok := l.src.r.(*partReader); ok && pr.eof {
		// The last part of a multipart without its close delimiter
		// (see text).
		return e, j.copyRaw(sp, raw)
	}
	out, err := j.bigPart(sp, raw, s, bs, e, h, mt, top, &tt)
	if err != nil {
		var se *spillError
		if errors.As(err, &se) {
			return e, &rewrite.Error{Offset: s, Err: se}
		}
		return e, err
	}
	if !out {
		return e, j.copyRaw(sp, raw)
	}
	return e, nil
}

// copyRaw writes the part as it was read.
func (j *job) copyRaw(sp *spill, raw region) error {
	if err := sp.copyRegion(jobWriter{j}, raw); err != nil {
		var re *rewrite.Error
		if errors.As(err, &re) {
			return err
		}
		return &rewrite.Error{Offset: j.res.Read, Err: err}
	}
	return nil
}

// errUndecided is the cause of the PartError of a large part whose
// charset the start of its body does not decide.
var errUndecided = errors.New("charset of a large text part not decided by the start of its body")

// bigPart rewrites the spilled part raw, which is the input bytes [s, e)
// with its body from bs, as textPart rewrites a part held in memory, and
// writes it if it changes: it returns false if the part is to be copied
// as it was. An error is a spillError or a write error.
func (j *job) bigPart(sp *spill, raw region, s, bs, e int64, h *partHeader, mt string, top bool, tt *tailTracker) (bool, error) {
	hdrLen := bs - s
	core := region{raw.off + hdrLen, raw.n - hdrLen - tt.tail}
	tail := region{core.off + core.n, tt.tail}
	if core.n == 0 {
		return false, nil
	}
	partErr := func(err error) (bool, error) {
		j.partError(s, e, err)
		return false, nil
	}
	cte := h.cte
	identity := isIdentity(cte)
	body := core
	if !identity {
		w := sp.writer()
		src := &spillReader{r: sp.reader(core)}
		var err error
		switch cte {
		case "quoted-printable":
			err = j.decodeQPStream(w, src)
		case "base64":
			err = j.decodeBase64Stream(w, src)
		default:
			err = errors.New("unhandled encoding " + strconv.Quote(cte))
		}
		var derr error
		if body, derr = w.done(); derr != nil && err == nil {
			err = &spillError{s, derr}
		}
		if src.err != nil {
			err = &spillError{s, src.err}
		}
		if err != nil {
			var se *spillError
			if errors.As(err, &se) {
				return false, err
			}
			return partErr(err)
		}
	}
	// The charset, from the start of the body (see textPart).
	prefix := make([]byte, min(body.n, 64<<10))
	if _, err := sp.f.ReadAt(prefix, body.off); err != nil {
		return false, &spillError{s, err}
	}
	asciiLabel := !h.hasCT || len(h.charset) == 0 || isASCIILabel(h.charset)
	var cs *charset.Charset
	switch {
	case asciiLabel:
		var n int
		if cs, n = charset.BOM(prefix); cs == nil || n == 0 {
			cs = charset.UTF8
		}
	case h.slow:
		// As charsetOf, from the start of the body only: a charset
		// sniffed from 64 KiB of a larger body is not trusted.
		var rule charset.Rule
		var err error
		if cs, rule, err = charset.Detect(prefix, charset.Hint{Format: charset.FormatMail, ContentType: h.ct}); err != nil {
			return partErr(err)
		}
		if rule != charset.RuleBOM && rule != charset.RuleContentType && int64(len(prefix)) < body.n {
			return partErr(errUndecided)
		}
	default:
		// A BOM, else the label: the body beyond its BOM is not read.
		var err error
		if cs, err = j.charsetOf(h, prefix); err != nil {
			return partErr(err)
		}
	}
	p := j.partRunFor(h, mt, cs)
	nb, st, res, err := j.bigRun(sp, &p, body, cs, identity, bs, s)
	switched := false
	var ee *charset.EncodeError
	if err != nil && errors.As(err, &ee) {
		// The charset cannot represent the result: the part is
		// rewritten in UTF-8.
		w := sp.writer()
		src := &spillReader{r: sp.reader(body)}
		d := cs.NewDecoder()
		_, derr := io.CopyBuffer(w, onlyReader{transform.NewReader(src, mapless{d})}, sp.buf())
		u8, ferr := w.done()
		if src.err != nil {
			return false, &spillError{s, src.err}
		}
		if ferr != nil {
			return false, &spillError{s, ferr}
		}
		if derr != nil {
			return partErr(derr)
		}
		cs, switched = charset.UTF8, true
		nb, st, res, err = j.bigRun(sp, &p, u8, cs, false, bs, s)
	}
	if err != nil {
		var se *spillError
		if errors.As(err, &se) {
			return false, se
		}
		return partErr(err)
	}
	j.res.Matches += res.Matches
	j.res.Failed += res.Failed
	j.res.Invalid += res.Invalid
	if res.Edits == 0 {
		return false, nil
	}
	hdr := make([]byte, hdrLen)
	if _, err := sp.f.ReadAt(hdr, raw.off); err != nil {
		return false, &spillError{s, err}
	}
	eol := "\n"
	if tt.crlf {
		eol = "\r\n"
	}
	newHdr, newCTE, ok := j.newHeader(hdr, cte, p.toHTML, switched || asciiLabel && st.nonASCII, st, top)
	if !ok {
		return partErr(errors.New("cannot edit the Content-Type field"))
	}
	j.res.Edits += res.Edits
	if j.onPart != nil {
		j.bigOnPart(sp, s, raw, hdr, newHdr, nb, tail, newCTE, cs, eol)
	}
	if err := j.write(newHdr); err != nil {
		return true, err
	}
	src := &spillReader{r: sp.reader(nb)}
	if err := j.writeNewBody(jobWriter{j}, &newBody{r: src}, newCTE, cs, eol, nil); err != nil {
		return true, err
	}
	if src.err != nil {
		return true, &spillError{s, src.err}
	}
	if err := j.copyRaw(sp, tail); err != nil {
		return true, err
	}
	return true, nil
}

// bigOnPart gives the tests the part and its changes, as text does.
func (j *job) bigOnPart(sp *spill, s int64, raw region, hdr, newHdr []byte, nb, tail region, cte string, cs *charset.Charset, eol string) {
	b := make([]byte, raw.n)
	sp.f.ReadAt(b, raw.off)
	t := make([]byte, tail.n)
	sp.f.ReadAt(t, tail.off)
	var body bytes.Buffer
	var j2 job
	j2.writeNewBody(&body, &newBody{r: sp.reader(nb)}, cte, cs, eol, t)
	var sps []splice
	if !bytes.Equal(hdr, newHdr) {
		sps = append(sps, splice{start: 0, end: len(hdr), b: slices.Clone(newHdr)})
	}
	sps = append(sps, splice{start: len(hdr), end: len(b), b: body.Bytes()})
	j.msgOff = s
	j.onPart(b, sps)
}

// bigRun rewrites the body, in charset cs, into a new region of the
// spill, as runPart does in memory; s is the part's offset, for errors.
func (j *job) bigRun(sp *spill, p *partRun, body region, cs *charset.Charset, exact bool, bodyOff, s int64) (region, bodyStats, rewrite.Result, error) {
	w := sp.writer()
	k := &bigSink{out: w, sp: sp, body: body}
	src := &spillReader{r: sp.reader(body)}
	var in io.Reader = src
	var uf *unflowReader
	switch {
	case p.toHTML:
		k.mode = sinkHTML
		k.open, _ = cs.Encode(nil, htmlOpen, charset.FallbackError)
		k.cl, _ = cs.Encode(nil, htmlClose, charset.FallbackError)
	case p.flowed:
		k.mode = sinkFlowed
	}
	if p.flowed {
		uf = &unflowReader{r: src, delSp: p.delSp, s: k, buf: j.big.in[:0], b: &j.big}
		in = uf
	}
	d := j.partDoc(p, cs, func(e rewrite.Edit) { k.edit(e.Offset, e.Length, e.New) })
	d.OnError = nil
	if j.o.OnError != nil {
		d.OnError = func(e *rewrite.ConvertError) {
			c := *e
			c.Text = strings.Clone(c.Text)
			if exact {
				st, en := k.m.span(c.Offset, c.Offset+c.Length)
				c.Offset, c.Length = bodyOff+st, en-st
			} else {
				c.Offset, c.Length = bodyOff, body.n
			}
			j.errs = append(j.errs, c)
		}
	}
	res, err := d.Rewrite(k, in)
	d.OnEdit, d.OnError = nil, nil
	if uf != nil {
		j.big.in = uf.buf[:0]
	}
	if err == nil {
		err = k.close()
		if err != nil {
			err = &spillError{s, err}
		}
	}
	nb, ferr := w.done()
	switch {
	case src.err != nil:
		return nb, k.st, res, &spillError{s, src.err}
	case ferr != nil:
		return nb, k.st, res, &spillError{s, ferr}
	case k.err != nil:
		return nb, k.st, res, &spillError{s, k.err}
	case err != nil:
		return nb, k.st, res, err
	}
	for i := range j.errs {
		j.o.OnError(&j.errs[i])
	}
	if p.toHTML && j.links == 0 {
		res.Edits = 0 // only escapes: the part stays plain text
	}
	return nb, k.st, res, nil
}

// A spillReader reads the spill and keeps its error.
type spillReader struct {
	r   io.Reader
	err error
}

func (r *spillReader) Read(b []byte) (int, error) {
	n, err := r.r.Read(b)
	if err != nil && err != io.EOF && r.err == nil {
		r.err = err
	}
	return n, err
}

// mapless is a charset decoder that forgets its offset map as it goes.
type mapless struct{ d *charset.Decoder }

func (m mapless) Transform(dst, src []byte, atEOF bool) (int, int, error) {
	nDst, nSrc, err := m.d.Transform(dst, src, atEOF)
	m.d.Map().Discard(math.MaxInt64)
	return nDst, nSrc, err
}

func (m mapless) Reset() { m.d.Reset() }
