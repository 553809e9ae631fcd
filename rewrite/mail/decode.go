package mail

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"
)

// This file undoes the transfer encodings of text parts (RFC 2045 Section
// 6) into a reused buffer, as go-message did through mime/quotedprintable
// and encoding/base64 readers, without a reader per part and without a
// byte at a time.

// A DecodeError is a body that its transfer encoding cannot decode: Offset
// is the byte of the encoded body where decoding stopped.
type DecodeError struct {
	Offset int64
	Err    error
}

func (e *DecodeError) Error() string {
	return "byte " + itoa(e.Offset) + " of the encoded body: " + e.Err.Error()
}

func (e *DecodeError) Unwrap() error { return e.Err }

var (
	errQPByte   = errors.New("quoted-printable: invalid unescaped byte")
	errQPSoft   = errors.New("quoted-printable: invalid bytes after =")
	errQPShort  = errors.New("quoted-printable: = not followed by two hex digits")
	errB64      = errors.New("base64: illegal data")
	errB64Short = errors.New("base64: the data ends inside a group of four characters")
)

// qpClass classifies the bytes of a quoted-printable line: 0 for a byte
// copied as it is (printable ASCII but "=", tab, CR, and the bytes from
// 0x80 on, which mime/quotedprintable accepts too), 1 for "=", 2 for a
// byte that is an error.
var qpClass = func() (t [256]byte) {
	for c := range 256 {
		switch {
		case c == '=':
			t[c] = 1
		case c == '\t' || c == '\r' || c == '\n' || c >= 0x80:
		case c < ' ' || c > '~':
			t[c] = 2
		}
	}
	return
}()

// unhex maps a hexadecimal digit, upper or lower case, to its value, and
// anything else to 0xff.
var unhex = func() (t [256]byte) {
	for c := range 256 {
		switch {
		case '0' <= c && c <= '9':
			t[c] = byte(c - '0')
		case 'A' <= c && c <= 'F':
			t[c] = byte(c - 'A' + 10)
		case 'a' <= c && c <= 'f':
			t[c] = byte(c - 'a' + 10)
		default:
			t[c] = 0xff
		}
	}
	return
}()

// decodeQP appends the quoted-printable body src, decoded, to dst. It
// decodes what mime/quotedprintable.Reader decodes, with the same result:
// "=" and two hex digits (either case) is the byte; "=" at the end of a
// line (then optional spaces and tabs) is a soft line break, and so is a
// final "=" after something on the last line; spaces, tabs and CRs at the
// end of a line are dropped; a hard line break stays as it was (CRLF or
// LF); "=" not followed by two hex digits is a literal "=" unless a line
// break or the end follows; bytes from 0x80 on pass, control bytes other
// than tab and CR are errors. One difference: mime/quotedprintable fails
// on a line of more than 4095 bytes (its buffer); decodeQP has no limit.
// On error, dst holds what was decoded before the offending line or byte.
func decodeQP(dst, src []byte) ([]byte, error) {
	dst = grow(dst, len(src)+8)
	for ls := 0; ls < len(src); {
		if dst, ls = qpLinesFast(dst, src, ls); ls == len(src) {
			break
		}
		var err error
		if dst, ls, err = qpLineSlow(dst, src, ls); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// qpLinesFast decodes the lines of src from ls on that have the common
// form, up to the first that has not, and returns dst with them appended
// and the start of that line (len(src) when there is none). The common
// form: bytes that stand for themselves and "=" with two hex digits, then
// "=" and a line break (a soft line break) or a line break (CRLF or LF)
// after a byte that is not white space. A line of any other form (white
// space before its break, a literal "=", a control byte, a bare CR, the
// last line without a break) is for qpLineSlow. dst has room for the
// lines and eight bytes more (decoding never lengthens).
func qpLinesFast(dst, src []byte, ls int) ([]byte, int) {
	out := dst[:cap(dst)]
	o, i := len(dst), ls
	ol := o // where the line ls starts in out
	for {
		// A run of escapes (text not in ASCII).
		for i+2 < len(src) && src[i] == '=' {
			h, l := unhex[src[i+1]], unhex[src[i+2]]
			if h|l == 0xff {
				break
			}
			out[o] = h<<4 | l
			o++
			i += 3
		}
		// Eight bytes at a time while none is below ' ', "=" or DEL;
		// the word is stored before it is tested, and only its bytes
		// before the first such byte are kept.
		for i+8 <= len(src) {
			w := binary.LittleEndian.Uint64(src[i:])
			binary.LittleEndian.PutUint64(out[o:o+8], w)
			const ones, highs = 0x0101010101010101, 0x8080808080808080
			eq, del := w^ones*'=', w^ones*0x7f
			if m := ((w-ones*' ')&^w | (eq-ones)&^eq | (del-ones)&^del) & highs; m != 0 {
				// The lowest bit set is that of the first such byte
				// (a borrow only marks bytes above it).
				k := bits.TrailingZeros64(m) >> 3
				i += k
				o += k
				break
			}
			i += 8
			o += 8
		}
		if i >= len(src) {
			return out[:ol], ls
		}
		c := src[i]
		switch {
		case qpClass[c] == 0 && c != '\r' && c != '\n':
			out[o] = c
			o++
			i++
		case c == '=':
			if i+2 < len(src) && unhex[src[i+1]] != 0xff && unhex[src[i+2]] != 0xff {
				out[o] = unhex[src[i+1]]<<4 | unhex[src[i+2]]
				o++
				i += 3
				continue
			}
			// A soft line break, "=" at the end of the line.
			switch {
			case i+1 < len(src) && src[i+1] == '\n':
				i += 2
			case i+2 < len(src) && src[i+1] == '\r' && src[i+2] == '\n':
				i += 3
			default:
				return out[:ol], ls
			}
			ls, ol = i, o
		case c == '\n' || c == '\r' && i+1 < len(src) && src[i+1] == '\n':
			// A hard line break, kept as it is, after a byte that is
			// not white space (which would be dropped).
			if i > ls {
				if p := src[i-1]; p == ' ' || p == '\t' || p == '\r' {
					return out[:ol], ls
				}
			}
			if c == '\r' {
				out[o] = '\r'
				o++
				i++
			}
			out[o] = '\n'
			o++
			i++
			ls, ol = i, o
		default:
			return out[:ol], ls
		}
	}
}

// qpLineSlow decodes the line of src that starts at ls, whatever its form,
// and returns dst with it appended and the start of the next line.
func qpLineSlow(dst, src []byte, ls int) ([]byte, int, error) {
	{
		le := len(src) // the end of the line, after its LF
		if i := bytes.IndexByte(src[ls:], '\n'); i >= 0 {
			le = ls + i + 1
		}
		te := le // the end of the line without trailing white space
		for te > ls {
			c := src[te-1]
			if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
				break
			}
			te--
		}
		soft := te > ls && src[te-1] == '='
		ce := te // the end of the content
		if soft {
			ce--
			k := te
			for k < le && (src[k] == ' ' || src[k] == '\t') {
				k++
			}
			switch {
			case k < le && src[k] == '\n',
				k+1 < le && src[k] == '\r' && src[k+1] == '\n':
			case k == le && le == len(src) && src[le-1] != '\n' && ce > ls:
			default:
				// Decode the content first, as mime/quotedprintable does.
				var err error
				if dst, err = qpLine(dst, src, ls, ce, ""); err != nil {
					return dst, 0, err
				}
				return dst, 0, &DecodeError{Offset: int64(te), Err: errQPSoft}
			}
		}
		eol := ""
		if !soft && src[le-1] == '\n' {
			eol = "\n"
			if le-ls >= 2 && src[le-2] == '\r' {
				eol = "\r\n"
			}
		}
		var err error
		if dst, err = qpLine(dst, src, ls, ce, eol); err != nil {
			return dst, 0, err
		}
		return append(dst, eol...), le, nil
	}
}

// qpLine decodes the content src[s:e] of one line, whose trailing white
// space is gone; eol is the hard line break that follows it ("" after a
// soft line break or at the end).
func qpLine(dst, src []byte, s, e int, eol string) ([]byte, error) {
	line := src[:e]
	for i := s; i < e; {
		// Copy the run of plain bytes.
		j := i
		for j+4 <= e && qpClass[line[j]]|qpClass[line[j+1]]|qpClass[line[j+2]]|qpClass[line[j+3]] == 0 {
			j += 4
		}
		for j < e && qpClass[line[j]] == 0 {
			j++
		}
		dst = append(dst, line[i:j]...)
		i = j
		if i == e {
			break
		}
		if qpClass[line[i]] == 2 {
			return dst, &DecodeError{Offset: int64(i), Err: errQPByte}
		}
		// "=": two hex digits, or a literal "=". mime/quotedprintable
		// looks at the two bytes after it in the content followed by the
		// line break it put back.
		var c1, c2 byte
		n := 0
		switch {
		case i+2 < e:
			c1, c2, n = line[i+1], line[i+2], 2
		case i+1 < e:
			c1, n = line[i+1], 1
			if eol != "" {
				c2, n = eol[0], 2
			}
		case eol != "":
			c1, n = eol[0], 1
		}
		if n == 2 && unhex[c1] != 0xff && unhex[c2] != 0xff {
			dst = append(dst, unhex[c1]<<4|unhex[c2])
			i += 3
			continue
		}
		if n >= 1 && c1 != '\r' && c1 != '\n' {
			dst = append(dst, '=')
			i++
			continue
		}
		return dst, &DecodeError{Offset: int64(i), Err: errQPShort}
	}
	return dst, nil
}

// decodeBase64 appends the base64 body src, decoded, to dst: a
// b64Decoder's result on the whole body.
func decodeBase64(dst, src []byte) ([]byte, error) {
	var d b64Decoder
	dst, err := d.decode(dst, src)
	if err == nil {
		err = d.end()
	}
	return dst, err
}

// A b64Decoder decodes a base64 body (RFC 2045 Section 6.8) given in
// pieces of any size, with the same result and the same error whatever
// the pieces. CR, LF, space and tab are ignored. The rest is groups of
// four characters of the alphabet, the last of which may end in "=" or
// "=="; the padding ends the data ("the occurrence of any '=' characters
// may be taken as evidence that the end of the data has been reached"),
// so a character after a padded group is an error, and so is a group left
// incomplete at the end. The unused low bits of a padded group are
// ignored. This is base64.StdEncoding.Decode's answer on the whole body
// with its white space removed. encoding/base64's stream decoder, which
// go-message reads through, differs only on data after the padding: it
// decodes it when a read happens to end at the padding, and fails when
// not, so the same body gave different results with different spacing.
//
// The zero value is ready to decode a body from its first byte.
type b64Decoder struct {
	q     uint32 // the characters of the current group, shifted into place
	n     int    // characters (padding included) in the current group, 0 to 3
	pad   int    // "=" in the current group
	ended bool   // a padded group was completed: only white space may follow
	first int64  // the offset of the current group's first character
	padAt int64  // the offset of its first "=", when pad > 0
	off   int64  // the offset in the body of the next byte given
}

// decode appends the decoded bytes of src, the body's next bytes, to dst.
// An error is a *DecodeError at the offset in the body of the first
// character that cannot be where it is (for padding followed by data in
// the same group, the padding); what came before it is in dst.
func (d *b64Decoder) decode(dst, src []byte) ([]byte, error) {
	for i := 0; i < len(src); i++ {
		if d.n == 0 && !d.ended {
			// Whole groups of four alphabet characters, as encoders
			// write them between line breaks.
			dst, i = decodeGroups(dst, src, i)
			if i == len(src) {
				break
			}
		}
		c := src[i]
		switch {
		case c == '\r' || c == '\n' || c == ' ' || c == '\t':
			continue
		case d.ended:
			return dst, d.fail(i)
		case c == '=':
			if d.n < 2 {
				return dst, d.fail(i)
			}
			if d.pad == 0 {
				d.padAt = d.off + int64(i)
			}
			d.pad++
		default:
			v := b64Val[d.n][c]
			if d.pad > 0 && v&b64Bad == 0 {
				// Padding inside a group: the error is at the padding.
				return dst, &DecodeError{Offset: d.padAt, Err: errB64}
			}
			if v&b64Bad != 0 {
				return dst, d.fail(i)
			}
			if d.n == 0 {
				d.first = d.off + int64(i)
			}
			d.q |= v
		}
		if d.n++; d.n == 4 {
			dst = append(dst, byte(d.q>>16), byte(d.q>>8), byte(d.q))
			if d.pad > 0 {
				dst = dst[:len(dst)-d.pad]
				d.ended = true
			}
			d.q, d.n, d.pad = 0, 0, 0
		}
	}
	d.off += int64(len(src))
	return dst, nil
}

// decodeGroups appends the decoded bytes of the whole groups of four
// alphabet characters and the line breaks between them that start src[i:]
// to dst, and returns where they end.
func decodeGroups(dst, src []byte, i int) ([]byte, int) {
	n0 := len(dst)
	dst = grow(dst, (len(src)-i)/4*3+1)
	out := dst[:cap(dst)]
	o := n0
	for i+4 <= len(src) {
		g := src[i : i+4 : i+4]
		v := b64Val[0][g[0]] | b64Val[1][g[1]] | b64Val[2][g[2]] | b64Val[3][g[3]]
		if v&b64Bad != 0 {
			if c := g[0]; c == '\n' || c == '\r' {
				i++
				continue
			}
			break
		}
		// Four bytes stored, three kept (out has room).
		binary.BigEndian.PutUint32(out[o:o+4], v<<8)
		o += 3
		i += 4
	}
	return out[:o], i
}

func (d *b64Decoder) fail(i int) error {
	return &DecodeError{Offset: d.off + int64(i), Err: errB64}
}

// end reports a group left incomplete at the end of the body, at its
// first character.
func (d *b64Decoder) end() error {
	if d.n > 0 {
		return &DecodeError{Offset: d.first, Err: errB64Short}
	}
	return nil
}

// b64Bad is set in a b64Val entry of a byte outside the alphabet.
const b64Bad = 1 << 31

// b64Val[k][c] is the value of the base64 character c at place k of a
// group of four, shifted to its place in the group's 24 bits.
var b64Val = func() (t [4][256]uint32) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for k := range 4 {
		for c := range 256 {
			t[k][c] = b64Bad
		}
		for v, c := range []byte(alphabet) {
			t[k][c] = uint32(v) << (18 - 6*k)
		}
	}
	return
}()

// grow returns b with room for n more bytes at the end, its length unchanged.
func grow(b []byte, n int) []byte {
	if cap(b)-len(b) < n {
		nb := make([]byte, len(b), len(b)+n)
		copy(nb, b)
		b = nb
	}
	return b
}
