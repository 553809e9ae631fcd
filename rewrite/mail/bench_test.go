package mail

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime/quotedprintable"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/rewrite"
	"golang.org/x/text/encoding/japanese"
)

// genMbox generates, deterministically, an mbox of about size bytes:
// messages alternating quoted-printable and base64 bodies, UTF-8 and
// ISO-2022-JP, with IRIs to rewrite.
func genMbox(size int) []byte {
	var b bytes.Buffer
	jis := japanese.ISO2022JP.NewEncoder()
	for i := 0; b.Len() < size; i++ {
		var text bytes.Buffer
		for k := range 20 {
			fmt.Fprintf(&text, "第%d段落: 詳しくは http://例え.jp/パス/%d?q=%d を見てください。 Also www.bücher.example/%d.\n", k, i, k, i)
		}
		cs, body := "utf-8", text.Bytes()
		if i%2 == 1 {
			cs = "ISO-2022-JP"
			body, _ = jis.Bytes(body)
		}
		cte := "quoted-printable"
		var enc bytes.Buffer
		if i%3 == 0 {
			cte = "base64"
			e := base64.StdEncoding.EncodeToString(body)
			for len(e) > 76 {
				enc.WriteString(e[:76] + "\n")
				e = e[76:]
			}
			enc.WriteString(e + "\n")
		} else if cs == "ISO-2022-JP" {
			cte = "7bit"
			enc.Write(body)
		} else {
			w := quotedprintable.NewWriter(&enc)
			w.Write(body)
			w.Close()
			enc = *bytes.NewBuffer(bytes.ReplaceAll(enc.Bytes(), []byte("\r\n"), []byte("\n")))
		}
		fmt.Fprintf(&b, "From sender%d@example.com Mon Jan  1 00:00:00 2024\nFrom: sender%d@example.com\nSubject: message %d\nMIME-Version: 1.0\nContent-Type: text/plain; charset=%s\nContent-Transfer-Encoding: %s\n\n", i, i, i, cs, cte)
		b.Write(enc.Bytes())
		b.WriteString("\n")
	}
	return b.Bytes()
}

func BenchmarkRewriteMbox(b *testing.B) {
	in := genMbox(1 << 20)
	o := Options{To: rewrite.URI}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Rewrite(io.Discard, bytes.NewReader(in), o); err != nil {
			b.Fatal(err)
		}
	}
}

// repeatReader reads an mbox made of one message repeated n times.
type repeatReader struct {
	msg []byte
	n   int
	off int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := copy(p, r.msg[r.off:])
	r.off += k
	if r.off == len(r.msg) {
		r.off, r.n = 0, r.n-1
	}
	return k, nil
}

// heapWriter discards what it is given and samples the heap in use.
type heapWriter struct {
	writes int
	peak   uint64
}

func (w *heapWriter) Write(p []byte) (int, error) {
	if w.writes++; w.writes%500 == 0 {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		w.peak = max(w.peak, ms.HeapInuse)
	}
	return len(p), nil
}

// TestMboxMemory streams a 128 MB mbox of small messages: the heap stays
// bounded by the message, not the archive.
func TestMboxMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 128 MB")
	}
	msg := genMbox(8 << 10)
	r := &repeatReader{msg: msg, n: 128 << 20 / len(msg)}
	var w heapWriter
	res, err := Rewrite(&w, r, Options{To: rewrite.URI})
	if err != nil {
		t.Fatal(err)
	}
	if res.Read < 100<<20 || !res.Changed() {
		t.Fatalf("read %d, changed %v", res.Read, res.Changed())
	}
	if w.peak > 32<<20 {
		t.Errorf("heap in use peaked at %d MB", w.peak>>20)
	}
	t.Logf("read %d MB, heap in use at most %d MB", res.Read>>20, w.peak>>20)
}

// BenchmarkRewriteManyParts rewrites a multipart of many small text parts,
// each with an IRI: the cost per part.
func BenchmarkRewriteManyParts(b *testing.B) {
	var in bytes.Buffer
	in.WriteString("From: a@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b\"\n\n")
	for i := range 10000 {
		fmt.Fprintf(&in, "--b\nContent-Type: text/plain; charset=utf-8\n\nsee http://例え.jp/%d\n", i)
	}
	in.WriteString("--b--\n")
	o := Options{To: rewrite.URI}
	b.SetBytes(int64(in.Len()))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Rewrite(io.Discard, bytes.NewReader(in.Bytes()), o); err != nil {
			b.Fatal(err)
		}
	}
}

// A genReader reads head, then n copies of line, then tail, without
// holding them.
func genReader(head, line []byte, n int, tail []byte) io.Reader {
	return io.MultiReader(bytes.NewReader(head), &repeatReader{msg: line, n: n}, bytes.NewReader(tail))
}

// TestLargeMessageMemory: a message with a 256 MB attachment between two
// text parts is rewritten with the heap bounded by buffers, not by the
// message (issue 14 item 3); its text parts change, the attachment is
// copied.
func TestLargeMessageMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 256 MB")
	}
	line := []byte(strings.Repeat("QUJD", 19) + "\n")
	head := []byte("From: a@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b\"\n\n" +
		"--b\nContent-Type: text/plain; charset=utf-8\n\nsee http://例え.jp/\n" +
		"--b\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n")
	tail := []byte("--b\nContent-Type: text/plain; charset=utf-8\n\nand http://例え.jp/end\n--b--\n")
	n := 256 << 20 / len(line)
	var w heapWriter
	res, err := Rewrite(&w, genReader(head, line, n, tail), Options{To: rewrite.URI})
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(len(head) + n*len(line) + len(tail)); res.Read != want {
		t.Fatalf("read %d, want %d", res.Read, want)
	}
	if res.Edits != 2 {
		t.Errorf("%d edits, want 2", res.Edits)
	}
	if w.peak > 32<<20 {
		t.Errorf("heap in use peaked at %d MB", w.peak>>20)
	}
	t.Logf("read %d MB, heap in use at most %d MB", res.Read>>20, w.peak>>20)
}

// BenchmarkRewriteFile rewrites the file named by $IRISCAN_MAIL_BENCH (the
// bench corpus's mbox, for profiling: go test ./rewrite/mail -run '^$'
// -bench RewriteFile -cpuprofile cpu.out); skipped when it is unset.
func BenchmarkRewriteFile(b *testing.B) {
	fn := os.Getenv("IRISCAN_MAIL_BENCH")
	if fn == "" {
		b.Skip("IRISCAN_MAIL_BENCH is unset")
	}
	in, err := os.ReadFile(fn)
	if err != nil {
		b.Fatal(err)
	}
	o := Options{To: rewrite.URI}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Rewrite(io.Discard, bytes.NewReader(in), o); err != nil {
			b.Fatal(err)
		}
	}
}
