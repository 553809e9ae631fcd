package mail

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"slices"
)

// This file decodes the transfer encoding of a large text part as a
// stream, in pieces, with exactly the result (decoded bytes, error and its
// offset) that decodeQP and decodeBase64 give on the whole body.

// errPieceTooLarge is the cause of the PartError of a large part that
// cannot be cut into pieces of at most maxPiece bytes where its decoding
// or unflowing would give the same result as on the whole: a
// quoted-printable line, or a format=flowed paragraph, that long.
var errPieceTooLarge = errors.New("text part with a quoted-printable line or a format=flowed paragraph over 32 MiB")

// maxPiece bounds the piece of a large part that is decoded or unflowed at
// once.
const maxPiece = 32 << 20

// pieceSize is the size of the pieces read.
const pieceSize = 256 << 10

// fill reads from r into b until b has n more bytes or r ends; eof says
// that it ended.
func fill(r io.Reader, b []byte, n int) ([]byte, bool, error) {
	b = slices.Grow(b, n)
	want := len(b) + n
	for len(b) < want {
		k, err := r.Read(b[len(b):want])
		b = b[:len(b)+k]
		if err == io.EOF {
			return b, true, nil
		}
		if err != nil {
			return b, false, err
		}
	}
	return b, false, nil
}

// qpCut returns where the quoted-printable text b, which the body
// continues, can be cut so that decodeQP of the two sides gives what it
// gives on the whole: after the last line break, or else inside the line
// where neither side's "=" escapes, soft line breaks or trailing white
// space are touched. It returns 0 if there is no such place.
func qpCut(b []byte) int {
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		return i + 1
	}
	for k := len(b) - 2; k >= 2; k-- {
		if b[k-2] != '=' && b[k-1] != '=' && !isSpaceByte(b[k-1]) && !isSpaceByte(b[k+1]) {
			return k
		}
	}
	return 0
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// decodeQPStream decodes the quoted-printable body that r reads to w.
func (j *job) decodeQPStream(w io.Writer, r io.Reader) error {
	buf := j.big.in[:0]
	defer func() { j.big.in = buf[:0] }()
	base := int64(0)
	for {
		var eof bool
		var err error
		// Without a place to cut, as much again is read.
		if buf, eof, err = fill(r, buf, max(j.big.piece(), len(buf))); err != nil {
			return err
		}
		cut := len(buf)
		if !eof {
			if cut = qpCut(buf); cut == 0 {
				if len(buf) >= j.big.max() {
					return errPieceTooLarge
				}
				continue
			}
		}
		var derr error
		j.dec, derr = decodeQP(grow(j.dec[:0], cut), buf[:cut])
		if derr != nil {
			var de *DecodeError
			if errors.As(derr, &de) {
				de.Offset += base
			}
			return derr
		}
		if _, err := w.Write(j.dec); err != nil {
			return err
		}
		base += int64(cut)
		buf = buf[:copy(buf, buf[cut:])]
		if eof {
			return nil
		}
	}
}

// decodeBase64Stream decodes the base64 body that r reads to w, in
// quanta decoded by base64.StdEncoding.Decode, as decodeBase64 does. A
// body that it does not decode that way is decoded again from the start,
// by retry, which returns a reader of the body from its start, and the
// caller's w must then forget what it was given (restart).
func (j *job) decodeBase64Stream(w io.Writer, r io.Reader, size int64, retry func() io.Reader, restart func() error) error {
	buf := j.big.in[:0]
	defer func() { j.big.in = buf[:0] }()
	in := j.b64[:0] // base64 characters, without white space
	var ioErr error
	ok := func() bool {
		for {
			var eof bool
			if buf, eof, ioErr = fill(r, buf[:0], j.big.piece()); ioErr != nil {
				return false
			}
			for _, c := range buf {
				if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
					in = append(in, c)
				}
			}
			m := len(in)
			if !eof {
				m = m / 4 * 4
				if bytes.IndexByte(in[:m], '=') >= 0 {
					return false // padding before the end: not for Decode
				}
			}
			n := base64.StdEncoding.DecodedLen(m)
			j.dec = grow(j.dec[:0], n)[:n]
			k, err := base64.StdEncoding.Decode(j.dec, in[:m])
			if err != nil {
				return false
			}
			if _, ioErr = w.Write(j.dec[:k]); ioErr != nil {
				return false
			}
			in = in[:copy(in, in[m:])]
			if eof {
				return true
			}
		}
	}()
	j.b64 = in[:0]
	if ok || ioErr != nil {
		return ioErr
	}
	// The exact answer of the stream decoder, as decodeBase64 gives it.
	if err := restart(); err != nil {
		return err
	}
	sr := &spaceStripper{r: retry()}
	d := base64.NewDecoder(base64.StdEncoding, sr)
	var out [4096]byte
	for {
		k, rerr := d.Read(out[:])
		if _, err := w.Write(out[:k]); err != nil {
			return err
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			if sr.err != nil {
				return sr.err
			}
			// Any space or tab in the rest of the body?
			for !sr.stripped && sr.err == nil {
				sr.Read(out[:])
				if sr.eof {
					break
				}
			}
			if sr.err != nil {
				return sr.err
			}
			off := size
			var ce base64.CorruptInputError
			if errors.As(rerr, &ce) && !sr.stripped {
				off = int64(ce)
			}
			return &DecodeError{Offset: off, Err: errB64}
		}
	}
}

// A spaceStripper reads r without its spaces and tabs, filling each
// buffer it is given unless r ends, as a bytes.Reader does.
type spaceStripper struct {
	r        io.Reader
	n        int64 // bytes read from r
	stripped bool  // a space or tab was met
	eof      bool
	err      error
	buf      [4096]byte
	b        []byte
}

func (s *spaceStripper) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(s.b) == 0 {
			if s.eof {
				break
			}
			if s.err != nil {
				return n, s.err
			}
			k, err := s.r.Read(s.buf[:])
			s.n += int64(k)
			s.b = s.buf[:k]
			if err == io.EOF {
				s.eof = true
			} else if err != nil {
				s.err = err
			}
		}
		for len(s.b) > 0 && n < len(p) {
			c := s.b[0]
			s.b = s.b[1:]
			if c == ' ' || c == '\t' {
				s.stripped = true
				continue
			}
			p[n] = c
			n++
		}
	}
	if n == 0 && s.eof {
		return 0, io.EOF
	}
	return n, nil
}
