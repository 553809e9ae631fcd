package mail

import (
	"encoding/binary"
	"io"
)

// qpLineMax is the longest encoded line RFC 2045 Section 6.7 (5) allows,
// the "=" of a soft line break included.
const qpLineMax = 76

// A qpWriter encodes quoted-printable (RFC 2045 Section 6.7) as
// mime/quotedprintable.Writer does—the same bytes encoded, the same line
// breaking—with two differences: lines end with eol (CRLF or LF, the
// part's line ending), and a line never starts with "From ": its "F" is
// written "=46", as RFC 2049 Section 3 (8) advises, so that no encoded line
// can pass for an mbox separator. Text mode (not binary) turns CR, LF and
// CRLF into line breaks.
type qpWriter struct {
	w      io.Writer
	binary bool
	eol    string
	// The current line is written in place, in the spare capacity of out
	// (line is out[len(out):len(out)+qpLineMax+4]), so that a finished
	// line is not copied again.
	line []byte
	i    int
	cr   bool
	pend []byte // the last bytes written, kept to see "From " ahead
	out  []byte // encoded lines not yet written to w
	err  error
}

// qpOutFlush is the size from which the encoded lines are written to w.
const qpOutFlush = 32 << 10

func (q *qpWriter) reset(w io.Writer, binary bool, eol string) {
	*q = qpWriter{w: w, binary: binary, eol: eol, pend: q.pend[:0], out: q.out[:0]}
	q.startLine()
}

// startLine makes line the room after out for a new line.
func (q *qpWriter) startLine() {
	const room = qpLineMax + 4
	if cap(q.out)-len(q.out) < room {
		b := make([]byte, len(q.out), max(2*cap(q.out), qpOutFlush+room+8))
		copy(b, q.out)
		q.out = b
	}
	q.line = q.out[len(q.out) : len(q.out)+room]
	q.i = 0
}

// Write encodes p. The last four bytes are kept until more come, to see
// whether an "F" at a line start begins "From ".
func (q *qpWriter) Write(p []byte) (int, error) {
	if len(q.pend) == 0 && len(p) > 4 {
		n := len(p) - 4
		q.encode(p, n)
		q.pend = append(q.pend, p[n:]...)
		return len(p), q.err
	}
	q.pend = append(q.pend, p...)
	if n := len(q.pend) - 4; n > 0 {
		q.encode(q.pend, n)
		q.pend = q.pend[:copy(q.pend, q.pend[n:])]
	}
	return len(p), q.err
}

// Close writes the rest and the last line, without a line break after it.
func (q *qpWriter) Close() error {
	q.encode(q.pend, len(q.pend))
	q.pend = q.pend[:0]
	q.lastSpace()
	q.flush()
	q.writeOut()
	q.startLine()
	return q.err
}

// writeOut writes the encoded lines to w.
func (q *qpWriter) writeOut() {
	if q.err == nil && len(q.out) > 0 {
		_, q.err = q.w.Write(q.out)
	}
	q.out = q.out[:0]
}

// encode encodes p[:end], looking ahead into p[end:].
func (q *qpWriter) encode(p []byte, end int) {
	esc := &qpHexText // the bytes always written "=XX"
	if q.binary {
		esc = &qpHex
	}
	for k := 0; k < end; k++ {
		b := p[k]
		if qpLiteral[b] && q.i < qpLineMax-1 && (q.i != 0 || b != 'F') {
			// A run of bytes written as they are, up to the end of
			// the line: only its first byte can be at a line start.
			n := min(end-k, qpLineMax-1-q.i)
			m := 1
			for m+8 <= n && qpLiteral8(binary.LittleEndian.Uint64(p[k+m:])) {
				m += 8
			}
			for m < n && qpLiteral[p[k+m]] {
				m++
			}
			q.i += copy(q.line[q.i:], p[k:k+m])
			q.cr = false
			k += m - 1
			continue
		}
		if esc[b] {
			// A run of bytes written "=XX", as many on each line as
			// fit before its soft line break.
			j := k
			for {
				if q.i > qpLineMax-4 {
					q.newline(true)
				}
				stop := min(end, j+(qpLineMax-4-q.i)/3+1)
				line, i := q.line, q.i
				for j+8 <= stop {
					// Eight bytes from 0x80 on (UTF-8 text but ASCII),
					// all escaped in either mode.
					s := p[j : j+8 : j+8]
					if binary.LittleEndian.Uint64(s)&0x8080808080808080 != 0x8080808080808080 {
						break
					}
					l := line[i : i+28 : i+28]
					binary.LittleEndian.PutUint32(l[0:], qpEscaped[s[0]])
					binary.LittleEndian.PutUint32(l[3:], qpEscaped[s[1]])
					binary.LittleEndian.PutUint32(l[6:], qpEscaped[s[2]])
					binary.LittleEndian.PutUint32(l[9:], qpEscaped[s[3]])
					binary.LittleEndian.PutUint32(l[12:], qpEscaped[s[4]])
					binary.LittleEndian.PutUint32(l[15:], qpEscaped[s[5]])
					binary.LittleEndian.PutUint32(l[18:], qpEscaped[s[6]])
					binary.LittleEndian.PutUint32(l[21:], qpEscaped[s[7]])
					i += 24
					j += 8
				}
				for ; j < stop; j++ {
					c := p[j]
					if !esc[c] {
						break
					}
					// Four bytes stored, three kept: the line has room.
					binary.LittleEndian.PutUint32(line[i:i+4], qpEscaped[c])
					i += 3
				}
				q.i = i
				if j < stop || j == end || !esc[p[j]] {
					break
				}
			}
			k = j - 1
			q.cr = false
			continue
		}
		if !q.binary && (b == '\n' || b == '\r') {
			if q.cr && b == '\n' {
				q.cr = false
				continue
			}
			q.cr = b == '\r'
			q.lastSpace()
			q.newline(false)
			continue
		}
		q.cr = false
		if b < '!' && b != ' ' && b != '\t' || b > '~' || b == '=' ||
			q.i == 0 && b == 'F' && k+5 <= len(p) && string(p[k:k+5]) == "From " {
			q.escape(b)
			continue
		}
		if q.i == qpLineMax-1 {
			q.newline(true)
			if b == 'F' && k+5 <= len(p) && string(p[k:k+5]) == "From " {
				q.escape(b)
				continue
			}
		}
		q.line[q.i] = b
		q.i++
	}
}

// qpLiteral8 reports whether the eight bytes of w are printable ASCII
// but "=" (space included, tab not: a tab ends the run of words, and the
// byte loop goes on).
func qpLiteral8(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	low := (w - ones*' ') &^ w & highs        // a byte below ' '
	high := (w + ones*(0x7f-'~') | w) & highs // a byte above '~'
	eq := w ^ ones*'='
	return low|high|(eq-ones)&^eq&highs == 0
}

// qpLiteral is true for the bytes a line holds as they are: printable
// ASCII but "=", space and tab.
var qpLiteral = func() (t [256]bool) {
	for c := ' '; c <= '~'; c++ {
		t[c] = c != '='
	}
	t['\t'] = true
	return
}()

// qpHex is true for the bytes always written "=XX": the bytes that are not
// printable ASCII, space or tab, and "=". (CR and LF are line breaks in
// text mode.)
var qpHex = func() (t [256]bool) {
	for c := range 256 {
		t[c] = !qpLiteral[c]
	}
	return
}()

// qpEscaped is "=XX" for each byte, little-endian in the low three bytes.
var qpEscaped = func() (t [256]uint32) {
	const hex = "0123456789ABCDEF"
	for c := range 256 {
		t[c] = '=' | uint32(hex[c>>4])<<8 | uint32(hex[c&15])<<16
	}
	return
}()

// qpHexText is qpHex without CR and LF, which are line breaks in text
// mode.
var qpHexText = func() (t [256]bool) {
	t = qpHex
	t['\r'], t['\n'] = false, false
	return
}()

// escape writes b as "=XX", after a soft line break if the line is full.
func (q *qpWriter) escape(b byte) {
	if qpLineMax-1-q.i < 3 {
		q.newline(true)
	}
	const hex = "0123456789ABCDEF"
	q.line[q.i], q.line[q.i+1], q.line[q.i+2] = '=', hex[b>>4], hex[b&15]
	q.i += 3
}

// lastSpace escapes a space or tab at the end of the line, before a hard
// line break or the end (RFC 2045 Section 6.7 (3)).
func (q *qpWriter) lastSpace() {
	if q.i > 0 && (q.line[q.i-1] == ' ' || q.line[q.i-1] == '\t') {
		q.i--
		q.escape(q.line[q.i])
	}
}

// newline ends the line, with "=" when soft.
func (q *qpWriter) newline(soft bool) {
	if soft {
		q.line[q.i] = '='
		q.i++
	}
	q.flush()
	q.out = append(q.out, q.eol...)
	if len(q.out) >= qpOutFlush {
		q.writeOut()
	}
	q.startLine()
}

// flush ends the line in out.
func (q *qpWriter) flush() {
	q.out = q.out[:len(q.out)+q.i]
	q.i = 0
}
