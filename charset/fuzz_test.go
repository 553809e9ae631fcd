package charset

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// checkDecode checks the invariants of decoding src in cs, whatever src
// is: no panic; the text is what the bare x/text decoder makes of src; the
// same text, map and report come out when src is fed in small pieces; the
// map is monotonic and covers the source; every decoded rune boundary
// maps to a character boundary of the source, shown by decoding the source
// from there on its own; and replacing any
// piece by its re-encoded text, as a rewriter does, changes nothing.
func checkDecode(t *testing.T, cs *Charset, src []byte, split uint16) {
	t.Helper()
	d := cs.NewDecoder()
	text, err := d.Bytes(src)
	if err != nil {
		t.Fatalf("%s: Bytes(%x): %v", cs, src, err)
	}
	if !utf8.Valid(text) {
		t.Fatalf("%s: invalid UTF-8 from %x: %x", cs, src, text)
	}
	if want := bareDecode(cs, src); !bytes.Equal(text, want) {
		t.Fatalf("%s: decode(%x)\n got %q\nwant %q (x/text)", cs, src, text, want)
	}
	m := d.Map()
	if m.DecodedEnd() != int64(len(text)) || m.SourceEnd() != int64(len(src)) {
		t.Fatalf("%s: map ends at %d→%d, want %d→%d", cs, m.DecodedEnd(), m.SourceEnd(), len(text), len(src))
	}

	// Rune boundaries and their source offsets, in order.
	type pt struct{ d, s int64 }
	var pts []pt
	for i := 0; ; {
		s := m.SourceOffset(int64(i))
		if n := len(pts); n > 0 && s < pts[n-1].s {
			t.Fatalf("%s: map not monotonic at decoded %d: %d < %d (src %x)", cs, i, s, pts[n-1].s, src)
		}
		if s < 0 || s > int64(len(src)) {
			t.Fatalf("%s: SourceOffset(%d) = %d out of [0,%d]", cs, i, s, len(src))
		}
		pts = append(pts, pt{int64(i), s})
		if i == len(text) {
			break
		}
		_, n := utf8.DecodeRune(text[i:])
		i += n
	}
	// Merge the runes of one source character (Big5 has two-rune ones).
	var cuts []pt
	for _, p := range pts {
		if n := len(cuts); n > 0 && cuts[n-1].s == p.s {
			continue
		}
		cuts = append(cuts, p)
	}
	// Decoding the source on its own from any mapped offset gives the rest
	// of the text: the offset is a character boundary. (Pieces between two
	// offsets would not do: x/text decides some errors by the bytes after
	// them.) Check at most about 64 offsets of a long input.
	if cs.kind != kindReplacement {
		every := max(1, len(cuts)/64)
		for k := 0; k < len(cuts); k += every {
			a := cuts[k]
			rest := src[a.s:]
			if cs.kind == kindISO2022JP {
				rest = append([]byte(escapes[m.stateAt(a.d)]), rest...)
			}
			if got, want := bareDecodeAt(cs, rest, a.s == 0), text[a.d:]; !bytes.Equal(got, want) {
				t.Fatalf("%s: source from %d decodes alone to %q, in context to %q; src %x", cs, a.s, got, want, src)
			}
		}
	}
	if len(src) > 0 && len(cuts) > 0 && cuts[0].s != 0 && cs.kind != kindISO2022JP && cs.bom() == "" {
		t.Fatalf("%s: first rune maps to %d, want 0", cs, cuts[0].s)
	}

	// Streaming: the same result in pieces of at most 1+split%7 bytes
	// into a small output buffer.
	sd := cs.NewDecoder()
	step := 1 + int(split%7)
	var stext []byte
	buf := make([]byte, 8)
	window := step
	for pos, iter := 0, 0; ; iter++ {
		if iter > 10*len(src)+100 {
			t.Fatalf("%s: streaming makes no progress at %d of %x", cs, pos, src)
		}
		end := min(pos+window, len(src))
		atEOF := end == len(src)
		nDst, nSrc, err := sd.Transform(buf, src[pos:end], atEOF)
		stext = append(stext, buf[:nDst]...)
		pos += nSrc
		switch err {
		case nil:
			if atEOF && pos == len(src) {
				goto done
			}
			window = step
		case transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				t.Fatalf("%s: no progress into 8 bytes at %d of %x", cs, pos, src)
			}
		case transform.ErrShortSrc:
			if atEOF {
				t.Fatalf("%s: ErrShortSrc at EOF, %d of %x", cs, pos, src)
			}
			if nSrc == 0 && nDst == 0 {
				window++ // needs more lookahead
			} else {
				window = step
			}
		default:
			t.Fatalf("%s: streaming: %v", cs, err)
		}
	}
done:
	if !bytes.Equal(stext, text) {
		t.Fatalf("%s: streamed %q, whole %q (src %x)", cs, stext, text, src)
	}
	for _, p := range pts {
		if s := sd.Map().SourceOffset(p.d); s != p.s {
			t.Fatalf("%s: streamed map %d→%d, whole %d→%d (src %x)", cs, p.d, s, p.d, p.s, src)
		}
	}
	if sd.InvalidCount() != d.InvalidCount() {
		t.Fatalf("%s: streamed %d invalid, whole %d", cs, sd.InvalidCount(), d.InvalidCount())
	}

	// Read, the io.Reader of the text (for UTF-8 the source read straight
	// into the caller's buffer): the same text and map, the source read a
	// byte at a time or in halves, into buffers at any alignment.
	rs := readerSources[1+int(split>>4)%2]
	r := NewReader(rs.wrap(src), cs)
	if got := readText(t, r, minDirectRead+int(split%61), int(split>>8)%64, m); !bytes.Equal(got, text) {
		t.Fatalf("%s: Read (%s) gives %q, Decoder %q (src %x)", cs, rs.name, got, text, src)
	}

	// Splice: replace the source of text[a:b] by the re-encoded text, as a
	// rewriter does; the document must decode to the same text.
	if len(cuts) > 2 && cs.kind != kindReplacement {
		a := cuts[int(split)%len(cuts)]
		b := cuts[int(split>>8)%len(cuts)]
		if a.d > b.d {
			a, b = b, a
		}
		enc, err := cs.Encode(nil, string(text[a.d:b.d]), FallbackError)
		if err == nil && !bytes.Contains(text[a.d:b.d], []byte("\uFFFD")) {
			pre, suf := m.Bracket(a.d, b.d)
			out := append(append(append(append([]byte(nil), src[:a.s]...), pre...), enc...), suf...)
			out = append(out, src[b.s:]...)
			if got := bareDecode(cs, out); !bytes.Equal(got, text) {
				t.Fatalf("%s: splice %d:%d of %x with %x%x%x: decodes to %q, want %q", cs, a.s, b.s, src, pre, enc, suf, got, text)
			}
		}
	}
}

// bareDecode decodes with the x/text decoder alone, after dropping the
// charset's own BOM. For UTF-8 it is the WHATWG UTF-8 decoder as x/text's
// unicode.UTF8 implements it.
func bareDecode(cs *Charset, src []byte) []byte { return bareDecodeAt(cs, src, true) }

// bareDecodeAt is bareDecode for src at the start of a document or not.
func bareDecodeAt(cs *Charset, src []byte, start bool) []byte {
	if cs.kind == kindReplacement {
		if len(src) == 0 {
			return nil
		}
		return []byte("\uFFFD")
	}
	if start {
		src = bytes.TrimPrefix(src, []byte(cs.bom()))
	}
	if cs.kind == kindISO2022JP {
		return refISO2022JP(src)
	}
	out, _ := cs.enc.NewDecoder().Bytes(src)
	return out
}

// refISO2022JP decodes a whole ISO-2022-JP document one byte at a time by
// the rules iso2022JPDecoder documents: those of x/text, with the WHATWG
// rule for the bytes of a two-byte character. It is written apart from the
// streaming decoder so that the fuzz targets check one against the other.
func refISO2022JP(src []byte) []byte {
	const (
		ascii = iota
		kana
		jis0208
		jis0212
	)
	tables := jisTables()
	var out []byte
	bad := func() { out = append(out, "\uFFFD"...) }
	state := ascii
	for i := 0; i < len(src); {
		c := src[i]
		if c == 0x1b {
			next, n := -1, 3
			rest := src[i:min(i+4, len(src))]
			has := func(esc string) bool { return bytes.HasPrefix(rest, []byte(esc)) }
			switch {
			case has("\x1b$@"), has("\x1b$B"):
				next = jis0208
			case has("\x1b$(D"):
				next, n = jis0212, 4
			case has("\x1b(B"), has("\x1b(J"):
				next = ascii
			case has("\x1b(I"):
				next = kana
			}
			if next < 0 {
				bad()
				i++
			} else {
				state = next
				i += n
			}
			continue
		}
		switch {
		case c >= 0x80:
			bad()
		case state == ascii:
			out = append(out, c)
		case state == kana:
			if c < 0x21 || c > 0x5f {
				bad()
			} else {
				out = utf8.AppendRune(out, 0xff61+rune(c)-0x21)
			}
		case c == '\n':
			state = ascii
			out = append(out, c)
		case c < 0x21 || c > 0x7e, i+1 == len(src), src[i+1] == 0x1b:
			bad()
		default:
			t := src[i+1]
			i++
			if t < 0x21 || t > 0x7e {
				bad()
				break
			}
			k := 0
			if state == jis0212 {
				k = 1
			}
			if r := tables[k][int(c-0x21)*94+int(t-0x21)]; r != 0 {
				out = utf8.AppendRune(out, rune(r))
			} else {
				bad()
			}
		}
		i++
	}
	return out
}

func charsetsOfKind(k kind) []*Charset {
	var all []*Charset
	for _, cs := range All() {
		if cs.kind == k {
			all = append(all, cs)
		}
	}
	return all
}

func fuzzSeeds(f *testing.F) {
	for _, s := range []string{
		"", "a", "http://example.com/ä", "\xef\xbb\xbfhttp://x/", "\xff\xfeh\x00", "\xfe\xff\x00h",
		"\x82\xa0\x82\xa2 http://\x93\xfa\x96\x7b.jp/", "\x81 \x81", "\xa4\xa2\x8e\xb1\x8f\xb0\xa1",
		"\x1b$B$\"$$\x1b(B http://x/ \x1b(J\\~\x1b(I1\x1b$(D0!\x1b$@$\"\n", "\x1b$", "\x1b$(",
		"\x81\x30\x81\x30\x84\x31\xa4\x37\x80\xa1\xa1", "\x88\x62\x88\xa5\xa4\x40", "\xb0\xa1\x81\x41",
		"\xd8\x00\xdc\x00\xdc\x00", "\xfd\xff", "\xc3", "\xe0\x80\xf4\x90\xed\xa0\x80\xc0\xff",
		"\x1b$BF|K\\F|K\\\x1b(B\n\x1b$BF|K\\F|\x1b(B", "\x1b$BF|\x1b(B\r\n\x1b$B\xff!\x1b(B",
		"\x82\xa0\x82\xa0\x82\xa0\n\x82\xa0\x82\xa0 \x82\xa0\x82\xa0\x82\xa0\x82\xa0\x81 \x82",
		"\xd6\xd0\xd6\xd0\xd6\xd0\n\xd6\x30\xd6\xd0\xd6\xd0\x81\x30\x81\x30\xd6\xd0",
		strings.Repeat("\xc6\xfc\xcb\xdc", 12) + "\xa6\xc1" + strings.Repeat("\xb8\xec", 9) + "\n",
		"\x1b$B" + strings.Repeat("F|K\\", 12) + "&A" + strings.Repeat("8l", 9) + "\x1b(B\n",
	} {
		f.Add([]byte(s), uint16(0))
		f.Add([]byte(s), uint16(0x0503))
	}
}

func fuzzKind(f *testing.F, k kind) {
	fuzzSeeds(f)
	css := charsetsOfKind(k)
	f.Fuzz(func(t *testing.T, src []byte, split uint16) {
		for _, cs := range css {
			checkDecode(t, cs, src, split)
		}
	})
}

func FuzzDecodeUTF8(f *testing.F)       { fuzzKind(f, kindUTF8) }
func FuzzDecodeSingleByte(f *testing.F) { fuzzKind(f, kindSingleByte) }
func FuzzDecodeMultiByte(f *testing.F)  { fuzzKind(f, kindMultiByte) }
func FuzzDecodeISO2022JP(f *testing.F)  { fuzzKind(f, kindISO2022JP) }
func FuzzDecodeUTF16(f *testing.F)      { fuzzKind(f, kindUTF16) }

func FuzzDecodeReplacement(f *testing.F) { fuzzKind(f, kindReplacement) }

// TestDecodeMixed runs the fuzz invariants on long inputs made of many
// short pieces, valid and not, so that every walker fills its run buffer
// many times within one call, as small fuzz inputs do not.
func TestDecodeMixed(t *testing.T) {
	sample := "日本語のテキスト、中文文本，한국어 текст café “x” ｶﾀｶﾅ ①纊 http://例え.jp/パス?q=1"
	r := rand.New(rand.NewSource(7))
	for _, cs := range All() {
		enc, _ := cs.Encode(nil, sample, FallbackNCR)
		var pieces [][]byte
		for k := 0; k < len(enc); k += 1 + k%5 {
			pieces = append(pieces, enc[k:min(len(enc), k+1+r.Intn(12))])
		}
		pieces = append(pieces, []byte("\n"), []byte("\r\n"), []byte(" "), []byte("\x1b(B\n\x1b$B"), []byte("\xff"), []byte("\x81"), []byte("\x1b$B"))
		for round := 0; round < 3; round++ {
			var src []byte
			for len(src) < 30000 {
				if r.Intn(4) == 0 {
					src = append(src, enc...)
				} else {
					src = append(src, pieces[r.Intn(len(pieces))]...)
				}
			}
			checkDecode(t, cs, src, uint16(r.Intn(1<<16)))
		}
	}
}

// TestDecodePrefixes decodes every prefix length over a range of a long
// text with short lines, so that a walk ends at every position of its run
// buffer, and checks the text and the map's ends.
func TestDecodePrefixes(t *testing.T) {
	lines := strings.Repeat("日本語のテキスト\n漢字\r\nかな http://x.jp/\n国際化資源識別子の長い行を一つ書いておきます。αβγ\n", 100)
	for _, label := range []string{"iso-2022-jp", "shift_jis", "euc-jp", "gb18030", "big5", "euc-kr", "utf-16le", "windows-1252", "utf-8"} {
		cs, _ := Lookup(label)
		src, _ := cs.Encode(nil, lines, FallbackNCR)
		d := cs.NewDecoder()
		for n := 3000; n < 3400 && n < len(src); n++ {
			text, err := d.Bytes(src[:n])
			if want := bareDecode(cs, src[:n]); err != nil || !bytes.Equal(text, want) {
				t.Fatalf("%s: prefix %d: %v, text differs from x/text", label, n, err)
			}
			if d.Map().DecodedEnd() != int64(len(text)) || d.Map().SourceEnd() != int64(n) {
				t.Fatalf("%s: prefix %d: map ends %d→%d", label, n, d.Map().DecodedEnd(), d.Map().SourceEnd())
			}
		}
	}
}
