package mail

import (
	"bytes"
	"encoding/base64"
	"io"

	"github.com/iriscan/iriscan/charset"
)

// The new body of a rewritten text part is not built in memory when it
// can be avoided: it is the decoded body with the rewriter's edits spliced
// in, and it is transfer-encoded while it is written out. A part is then
// held twice at most (as read, and decoded), not four times.

// newBody is the new decoded body of a text part: what r reads if not
// nil (a large part, see big.go), else whole if not nil, else body with
// edits (each replaces body[off:off+n] by arena[b0:b1]).
type newBody struct {
	r     io.Reader
	whole []byte
	body  []byte
	edits []edit
	arena []byte
}

// each calls f with the pieces of the new body in order.
func (nb *newBody) each(f func([]byte)) {
	if nb.r != nil {
		var buf [32 << 10]byte
		for {
			n, err := nb.r.Read(buf[:])
			if n > 0 {
				f(buf[:n])
			}
			if err != nil {
				return
			}
		}
	}
	if nb.whole != nil {
		f(nb.whole)
		return
	}
	last := 0
	for _, e := range nb.edits {
		if e.off > last {
			f(nb.body[last:e.off])
		}
		if e.b1 > e.b0 {
			f(nb.arena[e.b0:e.b1])
		}
		last = e.off + e.n
	}
	if last < len(nb.body) {
		f(nb.body[last:])
	}
}

// bodyStats says what the new body holds, for the choice of its
// transfer encoding.
type bodyStats struct {
	nonASCII bool // a byte from 0x80 on
	long     bool // a line over 998 octets, or a NUL (see longLines)
	from     bool // a line that starts with "From " (see hasFromLine)

	n     int     // the length of the current line
	start [5]byte // its first bytes, up to 5
}

// add takes the next piece b.
func (s *bodyStats) add(b []byte) {
	if !s.nonASCII && !isASCII(b) {
		s.nonASCII = true
	}
	if !s.long && bytes.IndexByte(b, 0) >= 0 {
		s.long = true
	}
	for len(b) > 0 {
		if s.n < 5 {
			k := copy(s.start[s.n:], b)
			if i := bytes.IndexByte(b[:k], '\n'); i >= 0 {
				k = i
			}
			if s.n+k == 5 && string(s.start[:]) == "From " {
				s.from = true
			}
		}
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			s.n += len(b)
			if s.n > 998 {
				s.long = true
			}
			return
		}
		if s.n+i > 998 {
			s.long = true
		}
		s.n = 0
		b = b[i+1:]
	}
}

// stats returns the bodyStats of the new body.
func (nb *newBody) stats() bodyStats {
	var s bodyStats
	nb.each(s.add)
	return s
}

// writeTo writes the new body, transfer-encoded as cte ("quoted-printable",
// "base64", or as it is), then tail, to w.
func (j *job) writeNewBody(w io.Writer, nb *newBody, cte string, cs *charset.Charset, eol string, tail []byte) error {
	var err error
	switch cte {
	case "quoted-printable":
		j.qp.reset(w, cs == charset.UTF16LE || cs == charset.UTF16BE, eol)
		nb.each(func(b []byte) { j.qp.Write(b) })
		err = j.qp.Close()
	case "base64":
		e := b64Writer{w: w, eol: eol}
		nb.each(e.write)
		e.close()
		err = e.err
	default:
		nb.each(func(b []byte) {
			if err == nil {
				_, err = w.Write(b)
			}
		})
	}
	if err == nil && len(tail) > 0 {
		_, err = w.Write(tail)
	}
	return err
}

// A b64Writer encodes base64 in lines of 76 characters ended by eol,
// without a line break after the last, as encodeBase64 does.
type b64Writer struct {
	w     io.Writer
	eol   string
	carry [3]byte
	nc    int
	col   int
	buf   [4096]byte
	nb    int
	err   error
}

func (e *b64Writer) write(b []byte) {
	if e.nc > 0 {
		for e.nc < 3 && len(b) > 0 {
			e.carry[e.nc] = b[0]
			e.nc++
			b = b[1:]
		}
		if e.nc < 3 {
			return
		}
		var q [4]byte
		base64.StdEncoding.Encode(q[:], e.carry[:])
		e.emit(q[:])
		e.nc = 0
	}
	for len(b) >= 3 {
		n := min(len(b)/3*3, 57*32)
		var q [57 * 32 / 3 * 4]byte
		k := base64.StdEncoding.EncodedLen(n)
		base64.StdEncoding.Encode(q[:k], b[:n])
		e.emit(q[:k])
		b = b[n:]
	}
	e.nc = copy(e.carry[:], b)
}

// emit writes encoded characters, breaking the lines.
func (e *b64Writer) emit(c []byte) {
	for len(c) > 0 {
		if e.col == 76 {
			e.out([]byte(e.eol))
			e.col = 0
		}
		m := min(len(c), 76-e.col)
		e.out(c[:m])
		e.col += m
		c = c[m:]
	}
}

func (e *b64Writer) out(b []byte) {
	if e.nb+len(b) > len(e.buf) {
		e.flush()
	}
	e.nb += copy(e.buf[e.nb:], b)
}

func (e *b64Writer) flush() {
	if e.err == nil && e.nb > 0 {
		_, e.err = e.w.Write(e.buf[:e.nb])
	}
	e.nb = 0
}

func (e *b64Writer) close() {
	if e.nc > 0 {
		var q [4]byte
		base64.StdEncoding.Encode(q[:], e.carry[:e.nc])
		e.emit(q[:])
		e.nc = 0
	}
	e.flush()
}

// A jobWriter writes to the job's output.
type jobWriter struct{ j *job }

func (w jobWriter) Write(b []byte) (int, error) {
	if err := w.j.write(b); err != nil {
		return 0, err
	}
	return len(b), nil
}
