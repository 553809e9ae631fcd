package mail

import (
	"encoding/base64"
	"errors"
	"io"
)

// This file gives Walk's base64 bodies an error that names the input byte
// where the bad data is. encoding/base64's stream decoder reports the
// offset of the bad byte inside the chunk it was decoding, counted without
// line breaks: a number that is neither an offset in the part nor one in
// the file.

// A BodyError is a part body, read through Part.Body, that its transfer
// encoding cannot decode. Offset is the byte of Walk's input (the file,
// not the part) where the bad data is: a byte outside the base64
// alphabet, padding where none may be, data after the padding, or the
// first character of a final group of fewer than four.
type BodyError struct {
	Offset int64
	Err    error
}

// Error says what and where.
func (e *BodyError) Error() string { return "byte " + itoa(e.Offset) + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *BodyError) Unwrap() error { return e.Err }

var errB64Short = errors.New("base64: the data ends inside a group of four characters")

// A base64Body is the decoded body of a base64 part for Walk: the reader
// go-message made (encoding/base64's stream decoder over the body with
// spaces and tabs turned into line breaks), with its errors turned into
// BodyErrors.
type base64Body struct {
	dec io.Reader
	src base64Source
	n   int64 // decoded bytes returned
	err error
}

// A base64Source reads a base64 body for the decoder and remembers where
// in the input its recent base64 characters (not CR, LF, space or tab)
// are.
type base64Source struct {
	r     io.Reader
	off   int64 // input offset of the next byte
	chars int64 // base64 characters read so far
	end   int64 // input offset after the last character read
	runs  []charRun
	keep  *int64 // characters before this one are no longer needed
}

// A charRun is a run of base64 characters: the first is character char
// of the body and input byte off.
type charRun struct{ char, off, n int64 }

func newBase64Body(r io.Reader, off int64) *base64Body {
	b := &base64Body{}
	b.src = base64Source{r: r, off: off, end: off, keep: new(int64)}
	b.dec = base64.NewDecoder(base64.StdEncoding, &b.src)
	return b
}

func (s *base64Source) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	// Forget the runs the decoder is past: it holds fewer than four
	// characters it has not decoded, and reads at most 1024 ahead.
	i := 0
	for i < len(s.runs) && s.runs[i].char+s.runs[i].n < *s.keep {
		i++
	}
	if i > 0 {
		s.runs = append(s.runs[:0], s.runs[i:]...)
	}
	for j, c := range p[:n] {
		switch c {
		case ' ', '\t':
			p[j] = '\n' // as go-message does, so that the decoder skips them
			continue
		case '\r', '\n':
			continue
		}
		off := s.off + int64(j)
		if k := len(s.runs) - 1; k >= 0 && s.runs[k].off+s.runs[k].n == off {
			s.runs[k].n++
		} else {
			s.runs = append(s.runs, charRun{char: s.chars, off: off, n: 1})
		}
		s.chars++
		s.end = off + 1
	}
	s.off += int64(n)
	return n, err
}

// where returns the input offset of base64 character c of the body, or
// the offset after the last character when the body has no character c.
func (s *base64Source) where(c int64) int64 {
	for _, r := range s.runs {
		if r.char <= c && c < r.char+r.n {
			return r.off + c - r.char
		}
	}
	return s.end
}

func (b *base64Body) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	before := b.n
	// The decoder decodes whole groups of four characters into three
	// bytes, except a group with padding, so the chunk it decodes in this
	// call starts at character 4*ceil(before/3).
	start := (before + 2) / 3 * 4
	*b.src.keep = start - 4
	n, err := b.dec.Read(p)
	b.n += int64(n)
	var ce base64.CorruptInputError
	switch {
	case err == nil || err == io.EOF:
		return n, err
	case errors.As(err, &ce):
		b.err = &BodyError{Offset: b.src.where(start + int64(ce)), Err: errB64}
	case err == io.ErrUnexpectedEOF:
		b.err = &BodyError{Offset: b.src.where((b.n + 2) / 3 * 4), Err: errB64Short}
	default:
		b.err = err // the input's own read error
	}
	return n, b.err
}

// walkQPPiece is the size of the pieces of a quoted-printable body that
// Walk decodes at once, and walkQPMax the longest piece it holds when it
// finds no place to cut (see qpCut).
const (
	walkQPPiece = 64 << 10
	walkQPMax   = 4 << 20
)

var errQPUncut = errors.New("quoted-printable: a line with no place to cut it in 4 MiB (a run of spaces or escapes)")

// A qpBody is the decoded body of a quoted-printable part for Walk. It
// decodes in pieces cut where decoding the pieces gives what decoding the
// whole gives, as Rewrite does for a large part, with decodeQP: so a line
// of any length is decoded (mime/quotedprintable, which go-message uses,
// stops at a line over 4095 bytes with "bufio: buffer full"), and an error
// names the input byte where the bad data is (a *BodyError).
type qpBody struct {
	r    io.Reader
	off  int64  // input offset of buf[0]
	buf  []byte // encoded bytes read and not yet decoded
	dec  []byte // the last piece decoded
	out  []byte // the part of dec not yet returned
	eof  bool
	err  error
	done bool
}

// reset makes q decode the body that r reads, which starts at input
// offset off, keeping its buffers (Walk reuses one qpBody for every part).
func (q *qpBody) reset(r io.Reader, off int64) {
	*q = qpBody{r: r, off: off, buf: q.buf[:0], dec: q.dec[:0]}
}

func (q *qpBody) Read(p []byte) (int, error) {
	for len(q.out) == 0 {
		if q.done {
			if q.err != nil {
				return 0, q.err
			}
			return 0, io.EOF
		}
		q.decode()
	}
	n := copy(p, q.out)
	q.out = q.out[n:]
	return n, nil
}

// decode reads a piece and decodes what can be decoded of it into out.
func (q *qpBody) decode() {
	var err error
	if q.buf, q.eof, err = fill(q.r, q.buf, max(walkQPPiece, len(q.buf))); err != nil {
		q.done, q.err = true, err
		return
	}
	cut := len(q.buf)
	if !q.eof {
		if cut = qpCut(q.buf); cut == 0 {
			if len(q.buf) >= walkQPMax {
				q.done, q.err = true, &BodyError{Offset: q.off, Err: errQPUncut}
			}
			return // read as much again
		}
	}
	var derr error
	q.dec, derr = decodeQP(q.dec[:0], q.buf[:cut])
	q.out = q.dec
	if derr != nil {
		var de *DecodeError
		if errors.As(derr, &de) {
			derr = &BodyError{Offset: q.off + de.Offset, Err: de.Err}
		}
		q.done, q.err = true, derr
		return
	}
	q.off += int64(cut)
	q.buf = q.buf[:copy(q.buf, q.buf[cut:])]
	q.done = q.eof
}
