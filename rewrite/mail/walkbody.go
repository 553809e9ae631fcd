package mail

import (
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

// A base64Body is the decoded body of a base64 part for Walk: what
// decodeBase64 gives on the whole body, read a piece at a time, with its
// error a BodyError at the input's byte.
type base64Body struct {
	r   io.Reader
	d   b64Decoder
	off int64 // input offset of the body
	in  [4096]byte
	buf []byte // decoded bytes
	out []byte // the part of buf not yet returned
	err error  // once out is drained
}

// reset makes b read the body that r reads, at input offset off.
func (b *base64Body) reset(r io.Reader, off int64) {
	*b = base64Body{r: r, off: off, buf: b.buf[:0]}
}

func (b *base64Body) Read(p []byte) (int, error) {
	for len(b.out) == 0 && b.err == nil {
		n, err := b.r.Read(b.in[:])
		var derr error
		b.buf, derr = b.d.decode(b.buf[:0], b.in[:n])
		b.out = b.buf
		if derr == nil && err == io.EOF {
			derr = b.d.end()
		}
		var de *DecodeError
		switch {
		case errors.As(derr, &de):
			b.err = &BodyError{Offset: b.off + de.Offset, Err: de.Err}
		case err != nil:
			b.err = err // io.EOF, or the input's own read error
		}
	}
	n := copy(p, b.out)
	b.out = b.out[n:]
	if len(b.out) == 0 && b.err != nil {
		return n, b.err
	}
	return n, nil
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
