package rewrite

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/iriscan/iriscan/charset"
)

// TestGoldenReaders checks that the output does not depend on how the
// reader splits the input.
func TestGoldenReaders(t *testing.T) {
	readers := []struct {
		name string
		r    func(io.Reader) io.Reader
	}{
		{"OneByte", iotest.OneByteReader},
		{"Half", iotest.HalfReader},
		{"DataErr", iotest.DataErrReader},
	}
	for i := range goldenDocs {
		d := &goldenDocs[i]
		in := d.input(t)
		for _, m := range goldenModes {
			if d.want[m] == nil {
				continue
			}
			want := d.expected(t, m)
			for _, rd := range readers {
				var out bytes.Buffer
				res, err := Document(&out, rd.r(bytes.NewReader(in)), *d.options(t, m))
				if err != nil {
					t.Fatalf("%s %v %s: %v", d.base(), m, rd.name, err)
				}
				if !bytes.Equal(out.Bytes(), want) {
					t.Errorf("%s %v %s: output differs from the golden file", d.base(), m, rd.name)
				}
				if res.Read != int64(len(in)) {
					t.Errorf("%s %v %s: Read %d of %d bytes", d.base(), m, rd.name, res.Read, len(in))
				}
			}
		}
	}
}

// bigDoc builds a document of about n bytes of filler with the IRI iri in it
// every `every` bytes and one that crosses each multiple of 64 KiB, and the
// same document with each IRI replaced by repl.
func bigDoc(n, every int, filler, iri, repl string) (in, want []byte) {
	var bi, bw bytes.Buffer
	put := func(s string) { bi.WriteString(s); bw.WriteString(s) }
	link := func() {
		bi.WriteString(iri)
		bw.WriteString(repl)
		put(" ")
	}
	next := every
	boundary := 64 << 10
	for bi.Len() < n {
		switch {
		case bi.Len()+len(filler)+len(iri) >= boundary:
			// An IRI across the 64 KiB boundary, padded to land on it.
			for bi.Len() < boundary-len(iri)/2-1 {
				put(".")
			}
			put(" ")
			link()
			boundary += 64 << 10
		case bi.Len() >= next:
			put(" ")
			link()
			next += every
		default:
			put(filler)
		}
	}
	return bi.Bytes(), bw.Bytes()
}

// TestBigDocument rewrites a document far larger than the scanner's window
// and the charset reader's buffer, with IRIs across every 64 KiB boundary,
// and compares it with the expectation built in memory.
func TestBigDocument(t *testing.T) {
	sjis, _ := charset.Lookup("shift_jis")
	for _, c := range []struct {
		name   string
		cs     *charset.Charset
		mode   Form
		filler string
		iri    string
		repl   string
		every  int
	}{
		{"utf-8 uri", nil, URI, "本文の文章です。Some words of text. ", iriJa, uriJaU8, 3000},
		{"utf-8 linkify", nil, Link, "Words & text. ", "www.例え.jp", a("https://www.xn--r8jz45g.jp", "www.例え.jp"), 5000},
		{"shift_jis iri", sjis, IRI, "Words of text, more words. ", "http://xn--r8jz45g.jp/", "http://例え.jp/", 7000},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, want := bigDoc(5<<20, c.every, c.filler, c.iri, c.repl)
			if c.mode == Link {
				want = bytes.ReplaceAll(want, []byte("Words & text"), []byte("Words &amp; text"))
			}
			if c.cs != nil {
				in = encodeDoc(t, c.cs.Name(), string(in))
				want = encodeDoc(t, c.cs.Name(), string(want))
			}
			o := &Options{To: c.mode, Format: Text, Charset: c.cs}
			got, res, _, err := rewriteChecked(t, in, o)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				i := 0
				for i < len(got) && i < len(want) && got[i] == want[i] {
					i++
				}
				t.Fatalf("output differs at byte %d:\n got %q\nwant %q", i, tail(got, i), tail(want, i))
			}
			if res.Matches < int64(len(in)/c.every) {
				t.Errorf("%d matches in %d bytes", res.Matches, len(in))
			}
			var out bytes.Buffer
			if _, err := Document(&out, iotest.HalfReader(bytes.NewReader(in)), *o); err != nil || !bytes.Equal(out.Bytes(), want) {
				t.Errorf("through a HalfReader: %v, output equal: %v", err, bytes.Equal(out.Bytes(), want))
			}
		})
	}
}

// genReader produces n bytes of prose with IRIs, without holding them.
type genReader struct {
	n, off int
	chunk  []byte
}

func newGenReader(n int) *genReader {
	var b strings.Builder
	for i := 0; b.Len() < 64<<10; i++ {
		fmt.Fprintf(&b, "Words %d & more words of text, and some more of them. ", b.Len())
		if i%16 == 0 {
			fmt.Fprintf(&b, "See %s and www.例え.jp. ", iriJa)
		}
	}
	return &genReader{n: n, chunk: []byte(b.String())}
}

func (g *genReader) Read(p []byte) (int, error) {
	if g.off >= g.n {
		return 0, io.EOF
	}
	p = p[:min(len(p), g.n-g.off)]
	k := 0
	for k < len(p) {
		i := (g.off + k) % len(g.chunk)
		k += copy(p[k:], g.chunk[i:])
	}
	g.off += k
	return k, nil
}

// heapWriter discards what it is given and samples the heap every few
// megabytes.
type heapWriter struct {
	n, next int64
	maxHeap uint64
}

func (w *heapWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	if w.n >= w.next {
		w.next += 4 << 20
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		w.maxHeap = max(w.maxHeap, ms.HeapInuse)
	}
	return len(p), nil
}

// TestMemoryBound rewrites 50 MB, read from a generator, and checks that the
// heap stays far below the size of the document (under 16 MB more than
// before), and that the bytes allocated are small against it.
func TestMemoryBound(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB")
	}
	const size = 50 << 20
	for _, m := range []Form{URI, Link} {
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		w := &heapWriter{}
		res, err := Document(w, newGenReader(size), Options{To: m, Format: Text})
		if err != nil {
			t.Fatal(err)
		}
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%v: %d matches, %d edits, heap in use at most %.1f MB (%.1f MB before), %.1f MB allocated for %d MB read",
			m, res.Matches, res.Edits, float64(w.maxHeap)/(1<<20), float64(before.HeapInuse)/(1<<20), float64(alloc)/(1<<20), size>>20)
		if res.Read != size || res.Matches == 0 {
			t.Fatalf("%+v", res)
		}
		if w.maxHeap > before.HeapInuse+16<<20 {
			t.Errorf("%v: heap in use reached %d bytes", m, w.maxHeap)
		}
		// The conversions of the rewrite package allocate for each IRI;
		// the text between them costs nothing.
		if alloc > size/8+2048*uint64(res.Matches) {
			t.Errorf("%v: %d bytes allocated for %d bytes of input and %d IRIs", m, alloc, size, res.Matches)
		}
	}
}

var errRead = errors.New("read failed")

// failReader returns the bytes of r up to n, then errRead.
type failReader struct {
	r io.Reader
	n int
}

func (f *failReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errRead
	}
	p = p[:min(len(p), f.n)]
	k, err := f.r.Read(p)
	f.n -= k
	return k, err
}

// TestReadError checks that a read error mid-stream is returned with its
// source offset, and that what was written is a prefix of the whole output.
func TestReadError(t *testing.T) {
	in, want := bigDoc(300<<10, 3000, "本文の文章です。Some words of text. ", iriJa, uriJaU8)
	for _, n := range []int{0, 1, 5000, 64 << 10, 100001, 200 << 10} {
		var out bytes.Buffer
		_, err := Document(&out, &failReader{bytes.NewReader(in), n}, Options{To: URI, Format: Text})
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, errRead) {
			t.Fatalf("n=%d: error %v, want an *Error wrapping errRead", n, err)
		}
		if e.Offset != int64(n) {
			t.Errorf("n=%d: error at offset %d", n, e.Offset)
		}
		if !bytes.HasPrefix(want, out.Bytes()) {
			t.Errorf("n=%d: the %d bytes written are not a prefix of the output", n, out.Len())
		}
	}
}

var errWrite = errors.New("write failed")

// failWriter accepts n bytes, then fails.
type failWriter struct {
	n     int
	calls int
}

func (w *failWriter) Write(p []byte) (int, error) {
	w.calls++
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errWrite
	}
	w.n -= len(p)
	return len(p), nil
}

// TestWriteError checks that a write error is returned and stops the
// rewrite.
func TestWriteError(t *testing.T) {
	in, _ := bigDoc(300<<10, 3000, "本文の文章です。Some words of text. ", iriJa, uriJaU8)
	for _, m := range []Form{URI, Link} {
		for _, n := range []int{0, 10, 70000} {
			w := &failWriter{n: n}
			res, err := Document(w, bytes.NewReader(in), Options{To: m, Format: Text})
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, errWrite) {
				t.Fatalf("%v n=%d: error %v, want an *Error wrapping errWrite", m, n, err)
			}
			if res.Written != int64(n) {
				t.Errorf("%v n=%d: Written = %d", m, n, res.Written)
			}
			if w.calls != 1 && n == 0 {
				t.Errorf("%v n=%d: %d writes after the first failed", m, n, w.calls-1)
			}
			if res.Read >= int64(len(in)) {
				t.Errorf("%v n=%d: went on reading to the end after the write failed", m, n)
			}
		}
	}
}

// TestRewriterReuse checks that one Rewriter gives each of several
// documents, in several charsets and formats, the output a fresh one gives.
func TestRewriterReuse(t *testing.T) {
	docs := []struct {
		o  Options
		in string
	}{
		{Options{To: URI, Format: Text}, "see http://例え.jp/資料 and www.例え.jp"},
		{Options{To: URI, Format: Text}, strings.Repeat("x ", 90000) + "http://例え.jp/a " + strings.Repeat("y", 70000)},
		{Options{To: Link, Format: Text}, "a & http://例え.jp/ < b"},
		{Options{To: URI, Format: HTML}, `<a href="http://例え.jp/">x</a>`},
		{Options{To: IRI, Format: Text, Charset: charset.Windows1252}, "http://www.example.org/D%C3%BCrst"},
		{Options{To: URI, Format: Text}, "no links"},
	}
	var rw Rewriter
	for round := 0; round < 2; round++ {
		for i, d := range docs {
			var want, got bytes.Buffer
			if _, err := Document(&want, strings.NewReader(d.in), d.o); err != nil {
				t.Fatal(err)
			}
			rw.Options = d.o
			if _, err := rw.Rewrite(&got, strings.NewReader(d.in)); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("round %d doc %d: reused Rewriter wrote %.80q, want %.80q", round, i, got.Bytes(), want.Bytes())
			}
		}
	}
}
