package mail

import (
	"bytes"
	"io"
	"mime/quotedprintable"
	"strings"
	"testing"
)

// A qpEncoder is qpWriter or the reference encoder it is held to
// (qpWriterRef).
type qpEncoder interface {
	reset(w io.Writer, binary bool, eol string)
	Write(p []byte) (int, error)
	Close() error
}

// encodeQP encodes b with a qpWriter, in writes of n bytes.
func encodeQP(b []byte, binary bool, eol string, n int) []byte {
	return encodeQPWith(new(qpWriter), b, binary, eol, n)
}

// encodeQPWith encodes b with q, in writes of n bytes.
func encodeQPWith(q qpEncoder, b []byte, binary bool, eol string, n int) []byte {
	var out bytes.Buffer
	q.reset(&out, binary, eol)
	for len(b) > 0 {
		k := min(n, len(b))
		q.Write(b[:k])
		b = b[k:]
	}
	q.Close()
	return out.Bytes()
}

// TestQPFrom: a line of the encoded text never starts with "From ", be it
// a line of the text or one that a soft line break starts; the "F" becomes
// "=46" (RFC 2049 Section 3 (8)) and the text decodes as it was.
func TestQPFrom(t *testing.T) {
	long := strings.Repeat("x", 75)
	for _, tc := range []struct{ name, in, want string }{
		{"first line", "From here\n", "=46rom here\n"},
		{"later line", "a\nFrom b\n", "a\n=46rom b\n"},
		{"after a soft break", long + "From me", long + "=\n=46rom me"},
		{"not a separator", "From\nFrom:\nFromage\n", "From\nFrom:\nFromage\n"},
		{"inside a line", "x From y\n", "x From y\n"},
		{"crlf", "a\r\nFrom b\r\n", "a\n=46rom b\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, n := range []int{1, 2, 3, 5, 1 << 20} {
				got := encodeQP([]byte(tc.in), false, "\n", n)
				if string(got) != tc.want {
					t.Errorf("writes of %d: %q, want %q", n, got, tc.want)
				}
			}
		})
	}
}

// FuzzQP: the encoding decodes to the input (with line breaks made CRLF
// in text mode), has no line over 76 characters and none starting with
// "From ", does not depend on how the input is split into writes, and is
// mime/quotedprintable's where it wrote no "=46rom" (and where that
// encoder does not lose a line break, see below).
func FuzzQP(f *testing.F) {
	f.Add([]byte("From here\nto there \t\r\n=\xff"), false, uint8(3))
	f.Add([]byte(strings.Repeat("ab", 40)+"From x"), true, uint8(1))
	f.Fuzz(func(t *testing.T, in []byte, binary bool, n uint8) {
		got := encodeQP(in, binary, "\r\n", int(n)+1)
		if all := encodeQP(in, binary, "\r\n", len(in)+1); !bytes.Equal(got, all) {
			t.Fatalf("writes of %d: %q, at once %q", n+1, got, all)
		}
		for _, l := range strings.Split(string(got), "\r\n") {
			if len(l) > qpLineMax || strings.HasPrefix(l, "From ") {
				t.Fatalf("line %q", l)
			}
		}
		dec, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(got)))
		if err != nil {
			t.Fatalf("decode %q: %v", got, err)
		}
		want := in
		if !binary {
			want = bytes.ReplaceAll(in, []byte("\r\n"), []byte("\n"))
			want = bytes.ReplaceAll(want, []byte("\r"), []byte("\n"))
			want = bytes.ReplaceAll(want, []byte("\n"), []byte("\r\n"))
		}
		if !bytes.Equal(dec, want) {
			t.Fatalf("decodes to %q, want %q", dec, want)
		}
		var std bytes.Buffer
		w := quotedprintable.NewWriter(&std)
		w.Binary = binary
		w.Write(in)
		w.Close()
		// mime/quotedprintable loses a line break: after a bare CR and a
		// byte it escapes, it still takes the next LF for the LF of a
		// CRLF ("\r\x80\n0" decodes as "\r\n\x800"); such input is
		// left out of the comparison.
		bareCR := false
		for i, c := range in {
			if c == '\r' && !binary && (i+1 == len(in) || in[i+1] != '\n') {
				bareCR = true
			}
		}
		if !bareCR && !bytes.Contains(got, []byte("=46rom")) && !bytes.Equal(std.Bytes(), got) {
			t.Fatalf("%q: %q, mime/quotedprintable %q", in, got, std.Bytes())
		}
	})
}
