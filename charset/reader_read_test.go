package charset

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// readerSources are the ways a test hands a source to a Reader: whole
// reads, short ones, a byte at a time, and data with io.EOF together.
var readerSources = []struct {
	name string
	wrap func([]byte) io.Reader
}{
	{"bytes", func(b []byte) io.Reader { return bytes.NewReader(b) }},
	{"half", func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) }},
	{"one byte", func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) }},
	{"data with EOF", func(b []byte) io.Reader { return iotest.DataErrReader(bytes.NewReader(b)) }},
}

// readText reads the whole of r with Read into buffers of size bytes that
// start off bytes past a 64-byte boundary (so that Read aligns its reads
// anew each time), checking after each read the source offset of the
// first byte of every character read against whole, the map of the
// document decoded in one piece (the end of a piece may map before or
// after source bytes that decode to nothing, an ISO-2022-JP escape).
// It returns the text.
func readText(t *testing.T, r *Reader, size, off int, whole *Map) []byte {
	t.Helper()
	backing := make([]byte, size+off+128)
	base := 64 - int(uintptrOf(backing)&63)
	p := backing[base+off : base+off+size]
	var text []byte
	for iter := 0; ; iter++ {
		if iter > 1<<20 {
			t.Fatal("Read makes no progress")
		}
		n, err := r.Read(p)
		if n < 0 || n > len(p) {
			t.Fatalf("Read returned %d for %d bytes", n, len(p))
		}
		start := int64(len(text))
		text = append(text, p[:n]...)
		for i := 0; i < n; {
			d := start + int64(i)
			if got, want := r.Map().SourceOffset(d), whole.SourceOffset(d); got != want {
				t.Fatalf("decoded offset %d maps to %d, want %d", d, got, want)
			}
			_, k := utf8.DecodeRune(p[i:n])
			i += k
		}
		if err == io.EOF {
			return text
		}
		if err != nil {
			t.Fatalf("Read: %v", err)
		}
	}
}

// Read returns the text the WHATWG UTF-8 decoder gives (a byte order mark
// dropped; each maximal invalid subpart, and a sequence cut off at the end,
// is one U+FFFD), with source offsets as the decoder maps them and the
// code points and UTF-16 units of that text counted, whatever the sizes of
// the reads, the alignment of the buffer and the reads of the source.
func TestReaderRead(t *testing.T) {
	long := strings.Repeat("plain “quoted” 日本語 😀 ", 700) // ~22 KB
	for _, tt := range []struct{ name, src, want string }{
		{"ASCII", strings.Repeat("http://example.com/ ", 5000), strings.Repeat("http://example.com/ ", 5000)},
		{"multi-byte", long + long + long, long + long + long},
		{"byte order mark", "\uFEFF" + long, long},
		{"invalid byte", long + "a\xffb" + long, long + "a\uFFFDb" + long},
		// Unicode 16 Section 3.9, U+FFFD per maximal subpart: E3 81 is one
		// subpart; ED A0 80 (a surrogate) is three; C0 is one.
		{"invalid sequences", long + "\xe3\x81c\xed\xa0\x80d" + long + "\xc0", long + "\uFFFDc\uFFFD\uFFFD\uFFFDd" + long + "\uFFFD"},
		{"cut at the end", long + "\xf0\x9f\x98", long + "\uFFFD"},
		{"empty", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			whole := UTF8.NewDecoder()
			if _, err := whole.Bytes(src); err != nil {
				t.Fatal(err)
			}
			for _, rs := range readerSources {
				for _, size := range []int{minDirectRead, minDirectRead + 13, 64 << 10, 139 << 10} {
					for _, off := range []int{0, 1, 37} {
						r := NewReader(rs.wrap(src), UTF8)
						var u Units
						r.SetUnits(&u)
						text := readText(t, r, size, off, whole.Map())
						if string(text) != tt.want {
							t.Fatalf("%s, %d bytes at +%d: text differs from the decoder's (%d bytes, want %d)", rs.name, size, off, len(text), len(tt.want))
						}
						cp, u16, ok := u.At(int64(len(text)))
						wantCP := int64(utf8.RuneCount(text))
						wantU16 := int64(len(utf16.Encode([]rune(string(text)))))
						if !ok || cp != wantCP || u16 != wantU16 {
							t.Fatalf("%s, %d bytes at +%d: counted %d code points, %d UTF-16 units (%v); want %d, %d", rs.name, size, off, cp, u16, ok, wantCP, wantU16)
						}
					}
				}
			}
		})
	}
}

// A source that fails: Read returns the text before the failure, then the
// error, as Next does.
func TestReaderReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	text := strings.Repeat("ünïcödé text ", 20000) // 300 KB
	r := NewReader(io.MultiReader(strings.NewReader(text), iotest.ErrReader(boom)), UTF8)
	var got []byte
	p := make([]byte, 100<<10)
	for {
		n, err := r.Read(p)
		got = append(got, p[:n]...)
		if err != nil {
			if !errors.Is(err, boom) {
				t.Fatalf("error %v, want %v", err, boom)
			}
			break
		}
	}
	if string(got) != text {
		t.Fatalf("read %d bytes before the error, want the %d of the source", len(got), len(text))
	}
}

// Other charsets read through Next: Read gives Next's text.
func TestReaderReadLegacy(t *testing.T) {
	for _, tt := range []struct{ label, src, want string }{
		{"windows-1252", strings.Repeat("caf\xe9 \x93q\x94 ", 2000), strings.Repeat("café “q” ", 2000)},
		{"shift_jis", strings.Repeat("\x93\xfa\x96\x7b abc ", 2000), strings.Repeat("日本 abc ", 2000)},
	} {
		t.Run(tt.label, func(t *testing.T) {
			cs, err := Lookup(tt.label)
			if err != nil {
				t.Fatal(err)
			}
			whole := cs.NewDecoder()
			if _, err := whole.Bytes([]byte(tt.src)); err != nil {
				t.Fatal(err)
			}
			for _, rs := range readerSources {
				r := NewReader(rs.wrap([]byte(tt.src)), cs)
				if text := readText(t, r, minDirectRead+5, 3, whole.Map()); string(text) != tt.want {
					t.Fatalf("%s: %q…, want %q…", rs.name, text[:min(len(text), 40)], tt.want[:40])
				}
			}
		})
	}
}

func uintptrOf(b []byte) uintptr { return uintptr(unsafe.Pointer(&b[0])) }

// TestReaderReadLargeInvalid: an invalid byte near the start of a read
// larger than the Reader's buffer (ReaderBufSize) leaves more undecoded
// bytes than that buffer holds; all of them are still decoded, the
// invalid byte as U+FFFD (WHATWG Encoding Standard, UTF-8 decoder), and
// the map gives each decoded offset its source byte.
func TestReaderReadLargeInvalid(t *testing.T) {
	for _, at := range []int{0, 10, 1000, 70 << 10} {
		t.Run(strconv.Itoa(at), func(t *testing.T) {
			src := strings.Repeat("a", at) + "\xff" + strings.Repeat("b", 200<<10)
			r := NewReader(strings.NewReader(src), UTF8)
			r.SetKeep(0) // the whole map, to look it up at the end
			var got []byte
			buf := make([]byte, 256<<10)
			for {
				n, err := r.Read(buf)
				got = append(got, buf[:n]...)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			want := strings.Repeat("a", at) + "\uFFFD" + strings.Repeat("b", 200<<10)
			if string(got) != want {
				t.Fatalf("decoded %d bytes, want %d (first difference at %d)", len(got), len(want), firstDiff(string(got), want))
			}
			// The last 'b' decoded is the last source byte.
			if off := r.Map().SourceOffset(int64(len(want) - 1)); off != int64(len(src)-1) {
				t.Errorf("SourceOffset(last) = %d, want %d", off, len(src)-1)
			}
		})
	}
}

func firstDiff(a, b string) int {
	for i := 0; i < min(len(a), len(b)); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
