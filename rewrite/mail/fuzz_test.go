package mail

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/iriscan/iriscan/rewrite"
)

// FuzzMail checks that arbitrary input never panics; that the output is
// the input with the changes of the rewritten parts spliced in, and
// nothing else (the input when nothing changed); and that the output does
// not depend on how the input is split into reads.
func FuzzMail(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.eml")
	for _, fn := range files {
		b, _ := os.ReadFile(fn)
		f.Add(b, uint8(0))
	}
	f.Add([]byte("Content-Type: multipart/mixed; boundary=b\n\n--b\n\nhttp://例え.jp/\n--b--\n"), uint8(3))
	f.Add([]byte("Content-Type: text/plain; format=flowed; delsp=yes\n\n> http://例 \n> え.jp/ \nx\n"), uint8(3))
	f.Add([]byte("Content-Type: text/plain; format=flowed; delsp=yes\n\n> http://例 \n> え.jp/ \nx\n"), uint8(3|8<<2))
	f.Add([]byte("Content-Type: text/html\nContent-Transfer-Encoding: base64\n\nPGEgaHJlZj0iaHR0cDovL+S+i+OBiC5qcC8iPg==\n"), uint8(1<<2))
	f.Fuzz(func(t *testing.T, in []byte, m uint8) {
		mode := rewrite.Form(m%4 + 1)
		// m>>2 > 0: text parts over that many bytes take the streamed
		// path (big.go).
		lim := int64(m >> 2)
		run := func(r io.Reader) ([]byte, []byte, rewrite.Result) {
			var out bytes.Buffer
			j := newJob(&Options{To: mode})
			j.big.lim = lim
			j.w = &out
			var want []byte // the input with the splices made
			last := int64(0)
			j.onPart = func(b []byte, s []splice) {
				off := j.msgOff
				if off < last || off+int64(len(b)) > int64(len(in)) || !bytes.Equal(in[off:off+int64(len(b))], b) {
					t.Fatalf("part at %d (after %d) is not the input's", off, last)
				}
				for k, sp := range s {
					if sp.start > sp.end || k > 0 && s[k-1].end > sp.start || sp.end > len(b) {
						t.Fatalf("bad splices %v", s)
					}
					want = append(want, in[last:off+int64(sp.start)]...)
					want = append(want, sp.b...)
					last = off + int64(sp.end)
				}
			}
			if err := j.run(r); err != nil {
				t.Fatalf("error %v", err)
			}
			if j.res.Read != int64(len(in)) || j.res.Written != int64(out.Len()) {
				t.Fatalf("Read %d of %d, Written %d of %d", j.res.Read, len(in), j.res.Written, out.Len())
			}
			return out.Bytes(), append(want, in[last:]...), j.res
		}
		out, want, res := run(bytes.NewReader(in))
		if !bytes.Equal(out, want) {
			t.Fatalf("output is not the input with the changes:\n%q\n%q", out, want)
		}
		if !res.Changed() && !bytes.Equal(out, in) {
			t.Fatalf("unchanged but output differs:\n%q\n%q", in, out)
		}
		if out1, _, _ := run(iotest.OneByteReader(bytes.NewReader(in))); !bytes.Equal(out, out1) {
			t.Fatalf("one byte at a time:\n%q\nat once:\n%q", out1, out)
		}
	})
}

func bufioReader(b []byte) *bufio.Reader { return bufio.NewReaderSize(bytes.NewReader(b), 64<<10) }

// FuzzLooks checks that the decision depends on the header block alone:
// once the empty line that ends it is seen, what follows does not matter,
// and the block found ends with a line break.
func FuzzLooks(f *testing.F) {
	f.Add([]byte("From: a@example.org\nSubject: x\n\nbody"), []byte("more"))
	f.Add([]byte("From a Mon Jan  1 00:00:00 2024\nReceived: x; y\n z\nTo: b\r\n\r\n"), []byte("From "))
	f.Add([]byte("Note: x\n"), []byte("\n"))
	f.Fuzz(func(t *testing.T, head, tail []byte) {
		h := scanHeader(head)
		if !h.complete {
			return
		}
		if h.end > len(head) || h.end == 0 || head[h.end-1] != '\n' {
			t.Fatalf("end %d of %q", h.end, head)
		}
		b := head[:h.end]
		if len(b) >= 1024 {
			return
		}
		x := append(append([]byte(nil), b...), tail...)
		if len(x) >= 1024 {
			x = x[:1023]
		}
		if Looks(b) != Looks(x) {
			t.Fatalf("Looks(%q) = %v but Looks(%q) = %v", b, Looks(b), x, Looks(x))
		}
	})
}

// FuzzWalk checks that Walk never fails on input it can read, that what
// it finds does not depend on how the input is split into reads, that
// offsets of text parts lie in the input in order, and that it finds the mbox messages
// Rewrite finds.
func FuzzWalk(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.eml")
	for _, fn := range files {
		b, _ := os.ReadFile(fn)
		f.Add(b)
	}
	f.Add([]byte("Content-Type: multipart/mixed; boundary=b\n\n--b\n\nx --b\n--bb\n--b x\n--b--\n"))
	f.Add([]byte("From a Mon Mar  4 10:00:00 2024\nFrom: a@b\n\nx\n\nFrom y\n\nFrom b 10:00\nSubject: s\n\nz"))
	f.Fuzz(func(t *testing.T, in []byte) {
		walk := func(r io.Reader) (string, error) {
			var b strings.Builder
			last := int64(0)
			err := Walk(r, func(p *Part) error {
				// An error about a multipart comes after its parts.
				if p.Offset < last && p.Err == nil || p.Offset > int64(len(in)) {
					t.Fatalf("offset %d after %d, input %d", p.Offset, last, len(in))
				}
				last = max(last, p.Offset)
				body, err := io.ReadAll(p.Body)
				// A bad base64 body names a byte of the part's body.
				var be *BodyError
				if errors.As(err, &be) && (be.Offset < p.Offset || be.Offset > int64(len(in))) {
					t.Fatalf("%v: offset outside the part's body [%d, %d]", be, p.Offset, len(in))
				}
				fmt.Fprintf(&b, "%d %q %s %d %v %q %v\n", p.Message, p.Path, p.MediaType, p.Offset, p.Err != nil, body, err)
				return nil
			})
			return b.String(), err
		}
		a, err := walk(bytes.NewReader(in))
		if err != nil {
			t.Fatalf("Walk: %v", err)
		}
		b, err := walk(iotest.OneByteReader(bytes.NewReader(in)))
		if err != nil || a != b {
			t.Fatalf("one byte at a time:\n%s\nat once:\n%s", b, a)
		}
		msgs := 0
		Walk(bytes.NewReader(in), func(p *Part) error { msgs = max(msgs, p.Message+1); return nil })
		j := newJob(&Options{})
		j.w = io.Discard
		n := 0
		j.onMessage = func() { n++ }
		j.run(bytes.NewReader(in))
		if msgs > n {
			t.Fatalf("Walk saw %d messages, Rewrite %d", msgs, n)
		}
	})
}

// FuzzWalkBody: Walk's own transfer decoding of a text part against the
// whole-body decoders it must agree with. For quoted-printable, the body
// and the error are decodeQP's on the whole body (itself held to
// mime/quotedprintable by FuzzDecodeQP), for base64 decodeBase64's (held
// to encoding/base64 by FuzzDecodeBase64), the error at the same byte.
// Both whole and one byte at a time.
func FuzzWalkBody(f *testing.F) {
	for _, s := range []string{"aGVsbG8=", "aGVs\nbG8g\r\nd29y", "aGVsbG8=aGVs", "aG=Vs", "a", "a b\tc d", "====",
		"caf=C3=A9 =\nau lait\n", "x=\r\ny", "bad \x00 byte", "=4", "line \n", strings.Repeat("word=20", 700) + "\n"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, body string, qp bool) {
		cte := "base64"
		if qp {
			cte = "quoted-printable"
		}
		hdr := "Content-Type: text/plain\nContent-Transfer-Encoding: " + cte + "\n\n"
		in := hdr + body
		var want []byte
		var wantErr error
		if qp {
			want, wantErr = decodeQP(nil, []byte(body))
		} else {
			want, wantErr = decodeBase64(nil, []byte(body))
		}
		for _, r := range []io.Reader{strings.NewReader(in), iotest.OneByteReader(strings.NewReader(in))} {
			n := 0
			err := Walk(r, func(p *Part) error {
				n++
				if p.Err != nil {
					return nil
				}
				got, err := io.ReadAll(p.Body)
				if !bytes.Equal(got, want) || (err == nil) != (wantErr == nil) {
					t.Fatalf("%s %q: Walk %q, %v; whole body %q, %v", cte, body, got, err, want, wantErr)
				}
				if err == nil {
					return nil
				}
				var be *BodyError
				if !errors.As(err, &be) || be.Offset < int64(len(hdr)) || be.Offset > int64(len(in)) {
					t.Fatalf("%s %q: error %v, want a *BodyError in the body", cte, body, err)
				}
				var de *DecodeError
				if errors.As(wantErr, &de) && be.Offset != int64(len(hdr))+de.Offset {
					t.Fatalf("%s %q: error at %d, decodeQP's at %d", cte, body, be.Offset, int64(len(hdr))+de.Offset)
				}
				if !qp && be.Offset < int64(len(in)) && strings.IndexByte(" \t\r\n", in[be.Offset]) >= 0 {
					t.Fatalf("%s %q: error at white space, byte %d", cte, body, be.Offset)
				}
				return nil
			})
			if err != nil || n != 1 {
				t.Fatalf("%d parts, %v", n, err)
			}
		}
	})
}
