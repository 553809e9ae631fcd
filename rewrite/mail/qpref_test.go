package mail

import (
	"bytes"
	"encoding/binary"
	"io"
	"strings"
	"testing"
)

// This file keeps the quoted-printable encoder of main before branch
// mailfast2 (commit 84b8a57), unchanged but for its names, as the
// reference the faster qpWriter must match byte for byte
// (TestQPSameAsRef, FuzzQPSameAsRef): the re-encoded parts of a rewrite
// stay what they were.

// A qpWriterRef encodes quoted-printable (RFC 2045 Section 6.7) as
// mime/quotedprintable.Writer does—the same bytes encoded, the same line
// breaking—with two differences: lines end with eol (CRLF or LF, the
// part's line ending), and a line never starts with "From ": its "F" is
// written "=46", as RFC 2049 Section 3 (8) advises, so that no encoded line
// can pass for an mbox separator. Text mode (not binary) turns CR, LF and
// CRLF into line breaks.
type qpWriterRef struct {
	w      io.Writer
	binary bool
	eol    string
	line   [qpLineMax + 4]byte
	i      int
	cr     bool
	pend   []byte // the last bytes written, kept to see "From " ahead
	out    []byte // encoded lines not yet written to w
	err    error
}

func (q *qpWriterRef) reset(w io.Writer, binary bool, eol string) {
	*q = qpWriterRef{w: w, binary: binary, eol: eol, pend: q.pend[:0], out: q.out[:0]}
}

// Write encodes p. The last four bytes are kept until more come, to see
// whether an "F" at a line start begins "From ".
func (q *qpWriterRef) Write(p []byte) (int, error) {
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
func (q *qpWriterRef) Close() error {
	q.encode(q.pend, len(q.pend))
	q.pend = q.pend[:0]
	q.lastSpace()
	q.flush()
	q.writeOut()
	return q.err
}

// writeOut writes the encoded lines to w.
func (q *qpWriterRef) writeOut() {
	if q.err == nil && len(q.out) > 0 {
		_, q.err = q.w.Write(q.out)
	}
	q.out = q.out[:0]
}

// encode encodes p[:end], looking ahead into p[end:].
func (q *qpWriterRef) encode(p []byte, end int) {
	esc := &qpHexTextRef // the bytes always written "=XX"
	if q.binary {
		esc = &qpHexRef
	}
	for k := 0; k < end; k++ {
		b := p[k]
		if qpLiteralRef[b] && q.i < qpLineMax-1 && (q.i != 0 || b != 'F') {
			// A run of bytes written as they are, up to the end of
			// the line: only its first byte can be at a line start.
			n := min(end-k, qpLineMax-1-q.i)
			m := 1
			for m < n && qpLiteralRef[p[k+m]] {
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
				i := q.i
				for ; j < stop && esc[p[j]]; j++ {
					// Four bytes stored, three kept: the line has room.
					binary.LittleEndian.PutUint32(q.line[i:], qpEscapedRef[p[j]])
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

// qpLiteralRef is true for the bytes a line holds as they are: printable
// ASCII but "=", space and tab.
var qpLiteralRef = func() (t [256]bool) {
	for c := ' '; c <= '~'; c++ {
		t[c] = c != '='
	}
	t['\t'] = true
	return
}()

// qpHexRef is true for the bytes always written "=XX": the bytes that are not
// printable ASCII, space or tab, and "=". (CR and LF are line breaks in
// text mode.)
var qpHexRef = func() (t [256]bool) {
	for c := range 256 {
		t[c] = !qpLiteralRef[c]
	}
	return
}()

// qpEscapedRef is "=XX" for each byte, little-endian in the low three bytes.
var qpEscapedRef = func() (t [256]uint32) {
	const hex = "0123456789ABCDEF"
	for c := range 256 {
		t[c] = '=' | uint32(hex[c>>4])<<8 | uint32(hex[c&15])<<16
	}
	return
}()

// qpHexTextRef is qpHexRef without CR and LF, which are line breaks in text
// mode.
var qpHexTextRef = func() (t [256]bool) {
	t = qpHexRef
	t['\r'], t['\n'] = false, false
	return
}()

// escape writes b as "=XX", after a soft line break if the line is full.
func (q *qpWriterRef) escape(b byte) {
	if qpLineMax-1-q.i < 3 {
		q.newline(true)
	}
	const hex = "0123456789ABCDEF"
	q.line[q.i], q.line[q.i+1], q.line[q.i+2] = '=', hex[b>>4], hex[b&15]
	q.i += 3
}

// lastSpace escapes a space or tab at the end of the line, before a hard
// line break or the end (RFC 2045 Section 6.7 (3)).
func (q *qpWriterRef) lastSpace() {
	if q.i > 0 && (q.line[q.i-1] == ' ' || q.line[q.i-1] == '\t') {
		q.i--
		q.escape(q.line[q.i])
	}
}

// newline ends the line, with "=" when soft.
func (q *qpWriterRef) newline(soft bool) {
	if soft {
		q.line[q.i] = '='
		q.i++
	}
	q.flush()
	q.out = append(q.out, q.eol...)
	if len(q.out) >= 32<<10 {
		q.writeOut()
	}
}

func (q *qpWriterRef) flush() {
	q.out = append(q.out, q.line[:q.i]...)
	q.i = 0
}

// encodeQPRef encodes b with the reference encoder, in writes of n bytes.
func encodeQPRef(b []byte, binary bool, eol string, n int) []byte {
	return encodeQPWith(new(qpWriterRef), b, binary, eol, n)
}

// qpSameAsRef checks that qpWriter, used once fresh and once after an
// earlier part (its buffers reused), writes what the reference writes.
func qpSameAsRef(t *testing.T, in []byte, binary bool, eol string, n int) {
	t.Helper()
	want := encodeQPRef(in, binary, eol, n)
	if got := encodeQP(in, binary, eol, n); !bytes.Equal(got, want) {
		t.Fatalf("%q (binary %v, eol %q, writes of %d):\n got %q\nwant %q", in, binary, eol, n, got, want)
	}
	var out bytes.Buffer
	var q qpWriter
	q.reset(&out, !binary, "\n")
	q.Write(in)
	q.Close()
	out.Reset()
	q.reset(&out, binary, eol)
	for b := in; len(b) > 0; {
		k := min(n, len(b))
		q.Write(b[:k])
		b = b[k:]
	}
	q.Close()
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("%q reused: got %q, want %q", in, out.Bytes(), want)
	}
}

// TestQPSameAsRef: text of each kind the encoder has a path for—runs of
// printable ASCII (long, and cut by tabs, "=", spaces at line ends), runs
// of bytes it escapes (UTF-8 Japanese, Latin-1, controls), line breaks of
// each kind, "From " at line starts, lines longer than a part's buffers.
func TestQPSameAsRef(t *testing.T) {
	long := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 40)
	ja := strings.Repeat("日本語の文章です。詳しくは http://例え.jp/パス を見てください。", 30)
	for _, tc := range []struct{ name, in string }{
		{"english", long},
		{"english lines", strings.ReplaceAll(long, "dog. ", "dog.\n")},
		{"crlf", strings.ReplaceAll(long, "dog. ", "dog.\r\n")},
		{"trailing spaces", strings.ReplaceAll(long, "dog. ", "dog. \t \n")},
		{"tabs and equals", strings.ReplaceAll(long, "o", "\t=o")},
		{"japanese", ja},
		{"japanese lines", strings.ReplaceAll(ja, "。", "。\n")},
		{"latin-1", strings.Repeat("caf\xe9 na\xefve \xbfqu\xe9? ", 50)},
		{"controls", strings.Repeat("a\x00b\x01c\x7f\x1b[0m ", 40)},
		{"from lines", strings.Repeat("From here\nFrom: x\nFrom\n", 20) + strings.Repeat("x", 75) + "From me"},
		{"bare cr", strings.Repeat("a\rb\r\r\nc\n\r", 30)},
		{"all bytes", func() string {
			var b []byte
			for i := range 1024 {
				b = append(b, byte(i*7))
			}
			return string(b)
		}()},
		{"big", strings.Repeat(long+ja+"\n", 200)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, binary := range []bool{false, true} {
				for _, eol := range []string{"\r\n", "\n"} {
					for _, n := range []int{1, 3, 7, 64, 1000, 1 << 20} {
						qpSameAsRef(t, []byte(tc.in), binary, eol, n)
					}
				}
			}
		})
	}
}

// FuzzQPSameAsRef: qpWriter writes what the reference encoder writes,
// for any bytes, mode, line ending and write size.
func FuzzQPSameAsRef(f *testing.F) {
	f.Add([]byte("From here\nto there \t\r\n=\xff"), false, false, uint8(3))
	f.Add([]byte(strings.Repeat("ab", 40)+"From x"), true, true, uint8(1))
	f.Add([]byte(strings.Repeat("日本語 text ", 20)), false, true, uint8(200))
	f.Fuzz(func(t *testing.T, in []byte, binary, lf bool, n uint8) {
		eol := "\r\n"
		if lf {
			eol = "\n"
		}
		qpSameAsRef(t, in, binary, eol, int(n)+1)
	})
}
