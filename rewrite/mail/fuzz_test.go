package mail

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/iriscan/iriscan/rewrite"
)

// FuzzMail checks that arbitrary input never panics, that the output is
// the input when nothing changed, and that the bytes outside the spliced
// parts are the input's.
func FuzzMail(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.eml")
	for _, fn := range files {
		b, _ := os.ReadFile(fn)
		f.Add(b, uint8(0))
	}
	f.Add([]byte("Content-Type: multipart/mixed; boundary=b\n\n--b\n\nhttp://例え.jp/\n--b--\n"), uint8(3))
	f.Add([]byte("Content-Type: text/plain; format=flowed; delsp=yes\n\n> http://例 \n> え.jp/ \nx\n"), uint8(3))
	f.Fuzz(func(t *testing.T, in []byte, m uint8) {
		mode := rewrite.Form(m%4 + 1)
		var out bytes.Buffer
		j := newJob(&Options{To: mode})
		j.w = &out
		var spliced []splice
		j.onMessage = func(msg []byte, s []splice) {
			// Between splices, the output is the message.
			for k, sp := range s {
				if sp.start > sp.end || k > 0 && s[k-1].end > sp.start {
					t.Fatalf("bad splices %v", s)
				}
			}
			spliced = append(spliced, s...)
		}
		err := j.run(bufioReader(in))
		if err != nil {
			t.Fatalf("error %v", err)
		}
		res := j.res
		if res.Read != int64(len(in)) {
			t.Fatalf("Read %d of %d", res.Read, len(in))
		}
		if !res.Changed() && !bytes.Equal(out.Bytes(), in) {
			t.Fatalf("unchanged but output differs:\n%q\n%q", in, out.Bytes())
		}
		if res.Changed() != (len(spliced) > 0) {
			t.Fatalf("Changed %v with %d splices", res.Changed(), len(spliced))
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
				fmt.Fprintf(&b, "%d %q %s %d %v %q %v\n", p.Message, p.Path, p.MediaType, p.Offset, p.Err != nil, body, err != nil)
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
		j.onMessage = func([]byte, []splice) { n++ }
		j.run(bufioReader(in))
		if msgs > n {
			t.Fatalf("Walk saw %d messages, Rewrite %d", msgs, n)
		}
	})
}
