package mail

import (
	"bytes"
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

// decodeBase64Stream decodes the base64 body that r reads to w, a piece at
// a time, with decodeBase64's result on the whole body.
func (j *job) decodeBase64Stream(w io.Writer, r io.Reader) error {
	buf := j.big.in[:0]
	defer func() { j.big.in = buf[:0] }()
	var d b64Decoder
	for {
		var eof bool
		var err error
		if buf, eof, err = fill(r, buf[:0], j.big.piece()); err != nil {
			return err
		}
		var derr error
		j.dec, derr = d.decode(j.dec[:0], buf)
		if derr == nil && eof {
			derr = d.end()
		}
		if _, err := w.Write(j.dec); err != nil {
			return err
		}
		if derr != nil || eof {
			return derr
		}
	}
}
