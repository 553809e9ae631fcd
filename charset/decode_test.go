package charset

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// Expected bytes below are written by hand from the charsets' code charts
// (WHATWG Encoding Standard indexes, JIS X 0208/0212, GB 18030, Big5,
// KS X 1001, ISO/IEC 8859, Unicode), never taken from this package.
type decodeCase struct {
	label string
	src   string
	want  string
	offs  []int64 // source offset of each rune of want
	bad   []int64 // source offsets of invalid sequences
}

var decodeCases = []decodeCase{
	// UTF-8: é is C3 A9; invalid sequences are replaced per maximal subpart.
	{"utf-8", "a\xc3\xa9b", "aéb", []int64{0, 1, 3}, nil},
	{"utf-8", "\xef\xbb\xbfa", "a", []int64{3}, nil}, // BOM skipped
	{"utf-8", "\xc3(", "\uFFFD(", []int64{0, 1}, []int64{0}},
	{"utf-8", "\xe0\x80x", "\uFFFD\uFFFDx", []int64{0, 1, 2}, []int64{0, 1}},
	{"utf-8", "\xed\xa0\x80", "\uFFFD\uFFFD\uFFFD", []int64{0, 1, 2}, []int64{0, 1, 2}},
	{"utf-8", "x\xf0\x9f\x98", "x\uFFFD", []int64{0, 1}, []int64{1}},
	{"utf-8", "\xf0\x9f\x98\x80", "😀", []int64{0}, nil},
	// UTF-16: U+1F600 is D83D DE00.
	{"utf-16le", "\xff\xfeh\x00\xac\x20=\xd8\x00\xde", "h€😀", []int64{2, 4, 6}, nil},
	{"utf-16be", "\x00h\xd8\x00\x00i\xff\xfd", "h\uFFFDi\uFFFD", []int64{0, 2, 4, 6}, []int64{2}},
	{"utf-16le", "h\x00i", "h\uFFFD", []int64{0, 2}, []int64{2}}, // odd byte at the end
	// windows-1252: 80 €, 93 “, E9 é. 81 is U+0081 in the WHATWG index
	// but unassigned in x/text (Microsoft's table): an invalid byte here,
	// which a rewriter copies through unchanged.
	{"windows-1252", "\x93caf\xe9\x94 \x80\x81", "“café” €\uFFFD", []int64{0, 1, 2, 3, 4, 5, 6, 7, 8}, []int64{8}},
	{"iso-8859-1", "\xe9\x80", "é€", []int64{0, 1}, nil}, // label means windows-1252
	{"iso-8859-2", "\xb1", "ą", []int64{0}, nil},
	{"iso-8859-3", "a\xa5b", "a\uFFFDb", []int64{0, 1, 2}, []int64{1}}, // A5 unassigned
	{"iso-8859-4", "\xa1", "Ą", []int64{0}, nil},
	{"iso-8859-5", "\xd0", "а", []int64{0}, nil},
	{"iso-8859-6", "\xc7", "ا", []int64{0}, nil},
	{"iso-8859-7", "\xe1", "α", []int64{0}, nil},
	{"iso-8859-8", "\xe0", "א", []int64{0}, nil},
	{"iso-8859-8-i", "\xe0", "א", []int64{0}, nil},
	{"iso-8859-10", "\xa1", "Ą", []int64{0}, nil},
	{"iso-8859-13", "\xe0", "ą", []int64{0}, nil},
	{"iso-8859-14", "\xa1", "Ḃ", []int64{0}, nil},
	{"iso-8859-15", "\xa4", "€", []int64{0}, nil},
	{"iso-8859-16", "\xa1", "Ą", []int64{0}, nil},
	{"koi8-r", "\xc1", "а", []int64{0}, nil},
	{"koi8-u", "\xa4", "є", []int64{0}, nil},
	{"macintosh", "\x8e", "é", []int64{0}, nil},
	{"x-mac-cyrillic", "\x80", "А", []int64{0}, nil},
	{"ibm866", "\x80", "А", []int64{0}, nil},
	{"windows-874", "\xa1", "ก", []int64{0}, nil},
	{"windows-1250", "\xb9", "ą", []int64{0}, nil},
	{"windows-1251", "\xe0", "а", []int64{0}, nil},
	{"windows-1253", "\xe1", "α", []int64{0}, nil},
	{"windows-1254", "\xfd", "ı", []int64{0}, nil},
	{"windows-1255", "\xe0", "א", []int64{0}, nil},
	{"windows-1256", "\xc7", "ا", []int64{0}, nil},
	{"windows-1257", "\xe0", "ą", []int64{0}, nil},
	{"windows-1258", "\xd2", "\u0309", []int64{0}, nil},
	{"x-user-defined", "a\x80", "a\uF780", []int64{0, 1}, nil},
	// Shift_JIS: あ 82A0, 日 93FA, 本 967B, half-width ｱ B1; NEC row 13 ①
	// 8740; NEC-selected IBM extension ED40 纊 (which encodes as FA5C).
	{"shift_jis", "\x82\xa0\x93\xfa\x96\x7b\xb1a", "あ日本ｱa", []int64{0, 2, 4, 6, 7}, nil},
	{"shift_jis", "\x87\x40\xed\x40", "①纊", []int64{0, 2}, nil},
	{"shift_jis", "\x82\xa0\x82\xa0\n\x82\xa0\x82\xa0\x82\xa0", "ああ\nあああ", []int64{0, 2, 4, 5, 7, 9}, nil},
	{"shift_jis", "\x81 \xff", "\uFFFD \uFFFD", []int64{0, 1, 2}, []int64{0, 2}}, // lead + ASCII: the ASCII stays
	// EUC-JP: あ A4A2, 日 C6FC, half-width ｱ 8EB1, JIS X 0212 丂 8FB0A1.
	{"euc-jp", "\xa4\xa2\xc6\xfc\x8e\xb1\x8f\xb0\xa1!", "あ日ｱ丂!", []int64{0, 2, 4, 6, 9}, nil},
	// ISO-2022-JP: ESC $ B selects JIS X 0208 (あ 2422, 日 467C), ESC ( B
	// ASCII, ESC ( I katakana (ｱ 31); escapes decode to nothing.
	{"iso-2022-jp", "a\x1b$B$\"F|\x1b(Bb\x1b(I1\x1b(B", "aあ日bｱ", []int64{0, 4, 6, 11, 15}, nil},
	{"iso-2022-jp", "\x1b$B$\"\n$\"", "あ\n$\"", []int64{3, 5, 6, 7}, nil}, // LF returns to ASCII
	{"iso-2022-jp", "a\x80b", "a\uFFFDb", []int64{0, 1, 2}, []int64{1}},
	// A line break as RFC 1468 writes it: back to ASCII before LF.
	{"iso-2022-jp", "\x1b$BF|K\\\x1b(B\n\x1b$BF|K\\\x1b(B", "日本\n日本", []int64{3, 5, 10, 14, 16}, nil},
	// A two-byte character is two bytes in 0x21-0x7E (WHATWG ISO-2022-JP
	// decoder, lead and trail byte states; 旭 3030, 丂 3021 in JIS X 0212).
	// A lead byte left alone at the end is one U+FFFD.
	{"iso-2022-jp", "\x1b$B000", "旭\uFFFD", []int64{3, 5}, []int64{5}},
	{"iso-2022-jp", "\x1b$@F|0", "日\uFFFD", []int64{3, 5}, []int64{5}},
	// ESC after a lead byte ends the character and switches as usual, so
	// the ASCII after ESC ( B or ESC ( J stays ASCII.
	{"iso-2022-jp", "\x1b$B0\x1b(Bhttp:", "\uFFFDhttp:", []int64{3, 7, 8, 9, 10, 11}, []int64{3}},
	{"iso-2022-jp", "\x1b$BF|0\x1b(Jab", "日\uFFFDab", []int64{3, 5, 9, 10}, []int64{5}},
	{"iso-2022-jp", "\x1b$@F|0\x1b$BK\\", "日\uFFFD本", []int64{3, 5, 9}, []int64{5}},
	{"iso-2022-jp", "\x1b$B0\x1b(I1", "\uFFFDｱ", []int64{3, 7}, []int64{3}},
	{"iso-2022-jp", "\x1b$(D0!0\x1b(Bx", "丂\uFFFDx", []int64{4, 6, 10}, []int64{6}},
	// An ESC that starts no escape sequence is itself an error.
	{"iso-2022-jp", "\x1b$BF|0\x1b\x1b$BF|", "日\uFFFD\uFFFD日", []int64{3, 5, 6, 10}, []int64{5, 6}},
	{"iso-2022-jp", "\x1b$BF|\x1b$", "日\uFFFD\uFFFD", []int64{3, 5, 6}, []int64{5, 6}},
	// A byte outside 0x21-0x7E where a lead byte belongs is an error on its
	// own; after a lead byte it is an error with the lead.
	{"iso-2022-jp", "\x1b$B F|", "\uFFFD日", []int64{3, 4}, []int64{3}},
	{"iso-2022-jp", "\x1b$B\rF|", "\uFFFD日", []int64{3, 4}, []int64{3}},
	{"iso-2022-jp", "\x1b$BF\x80K\\", "\uFFFD本", []int64{3, 5}, []int64{3}},
	{"iso-2022-jp", "\x1b$B0\nF|", "\uFFFD日", []int64{3, 5}, []int64{3}},
	{"iso-2022-jp", "\x1b$B0 F|", "\uFFFD日", []int64{3, 5}, []int64{3}},
	// GB18030: 中 D6D0, 文 CEC4, 80 €, é A8A6; four-byte U+0080 81308130,
	// U+10000 90308130, and U+FFFD itself 8431A437, which is no error.
	{"gb18030", "\xd6\xd0\xce\xc4\x80\xa8\xa6\x81\x30\x81\x30\x90\x30\x81\x30\x84\x31\xa4\x37",
		"中文€é\u0080𐀀\uFFFD", []int64{0, 2, 4, 5, 7, 11, 15}, nil},
	{"gbk", "\xd6\xd0\x80", "中€", []int64{0, 2}, nil},
	{"gb2312", "\xd6\xd0\xff", "中\uFFFD", []int64{0, 2}, []int64{2}},
	// Big5: 中 A4A4, 文 A4E5; 8862 is Ê plus U+0304, two runes from one
	// character.
	{"big5", "\xa4\xa4\xa4\xe5\x88\x62x", "中文Ê\u0304x", []int64{0, 2, 4, 4, 6}, nil},
	// EUC-KR: 한 C7D1, 국 B1B9.
	{"euc-kr", "\xc7\xd1\xb1\xb9.", "한국.", []int64{0, 2, 4}, nil},
	// The replacement encoding decodes a whole document to one U+FFFD.
	{"iso-2022-kr", "\x1b$)Cabc", "\uFFFD", []int64{0}, []int64{0}},
}

func TestDecode(t *testing.T) {
	for _, c := range decodeCases {
		cs, err := Lookup(c.label)
		if err != nil {
			t.Fatal(err)
		}
		d := cs.NewDecoder()
		got, err := d.Bytes([]byte(c.src))
		if err != nil || string(got) != c.want {
			t.Errorf("%s: decode %x = %q, %v; want %q", c.label, c.src, got, err, c.want)
			continue
		}
		m := d.Map()
		k := 0
		for i := 0; i < len(got); k++ {
			if k >= len(c.offs) {
				t.Errorf("%s %x: more runes than offsets", c.label, c.src)
				break
			}
			if s := m.SourceOffset(int64(i)); s != c.offs[k] {
				t.Errorf("%s %x: rune %d at %d maps to %d, want %d", c.label, c.src, k, i, s, c.offs[k])
			}
			_, n := utf8.DecodeRune(got[i:])
			i += n
		}
		if s := m.SourceOffset(int64(len(got))); s != int64(len(c.src)) {
			t.Errorf("%s %x: end maps to %d, want %d", c.label, c.src, s, len(c.src))
		}
		var bad []int64
		for _, v := range d.Invalid() {
			bad = append(bad, v.Offset)
			if !strings.HasPrefix(c.src[v.Offset:], string(v.Bytes)) || len(v.Bytes) == 0 {
				t.Errorf("%s %x: invalid bytes %x at %d are not the source's", c.label, c.src, v.Bytes, v.Offset)
			}
		}
		if int64(len(bad)) != d.InvalidCount() || !equalInt64s(bad, c.bad) {
			t.Errorf("%s %x: invalid at %v (count %d), want %v", c.label, c.src, bad, d.InvalidCount(), c.bad)
		}
	}
}

func equalInt64s(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A match found in the decoded text maps to the exact source bytes.
func TestMatchSourceBytes(t *testing.T) {
	for _, c := range []struct {
		label, src, match, srcMatch string
	}{
		{"shift_jis", "\x93\xfa\x96\x7b http://\x93\xfa\x96\x7b.jp/\x82\xa0 \x82\xa0", "http://日本.jp/あ", "http://\x93\xfa\x96\x7b.jp/\x82\xa0"},
		{"euc-jp", "\xc6\xfc http://\xc6\xfc.jp/ x", "http://日.jp/", "http://\xc6\xfc.jp/"},
		{"iso-2022-jp", "\x1b$BF|\x1b(B http://\x1b$BF|\x1b(B.jp/ x", "http://日.jp/", "http://\x1b$BF|\x1b(B.jp/"},
		{"iso-2022-jp", "\x1b$BF|\x1b(Bhttp://x/\x1b$BF|", "http://x/", "http://x/\x1b$B"},
		{"gb18030", "\xd6\xd0 http://\xd6\xd0.cn/\x81\x30\x81\x30 .", "http://中.cn/\u0080", "http://\xd6\xd0.cn/\x81\x30\x81\x30"},
		{"big5", "\xa4\xa4 http://\xa4\xa4.tw/ .", "http://中.tw/", "http://\xa4\xa4.tw/"},
		{"euc-kr", "\xc7\xd1 http://\xc7\xd1.kr/ .", "http://한.kr/", "http://\xc7\xd1.kr/"},
		{"windows-1252", "\x93http://caf\xe9.fr/\x94", "http://café.fr/", "http://caf\xe9.fr/"},
		{"utf-16le", "\xff\xfe\x22\x20h\x00:\x00/\x00\xe9\x00\x1d\x20", "h:/é", "h\x00:\x00/\x00\xe9\x00"},
		{"utf-8", "\xe2\x80\x9chttp://caf\xc3\xa9.fr/\xff\xe2\x80\x9d", "http://café.fr/\uFFFD", "http://caf\xc3\xa9.fr/\xff"},
	} {
		cs, _ := Lookup(c.label)
		d := cs.NewDecoder()
		text, err := d.Bytes([]byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.Index(text, []byte(c.match))
		if i < 0 {
			t.Errorf("%s: %q not in %q", c.label, c.match, text)
			continue
		}
		s, e := d.Map().SourceOffset(int64(i)), d.Map().SourceOffset(int64(i+len(c.match)))
		if got := c.src[s:e]; got != c.srcMatch {
			t.Errorf("%s: match %q maps to source %x, want %x", c.label, c.match, got, c.srcMatch)
		}
	}
}

func TestStrict(t *testing.T) {
	cs, _ := Lookup("shift_jis")
	d := cs.NewDecoder()
	d.Strict = true
	text, err := d.Bytes([]byte("ok \x82\xa0\x81 x"))
	var ie *InvalidError
	if !errors.As(err, &ie) || ie.Offset != 5 || !bytes.Equal(ie.Bytes, []byte{0x81}) {
		t.Fatalf("err = %v, want InvalidError at 5", err)
	}
	if want := "charset: invalid shift_jis sequence at byte 5"; err.Error() != want {
		t.Errorf("err = %q, want %q", err, want)
	}
	if string(text) != "ok あ" {
		t.Errorf("text before the error = %q, want %q", text, "ok あ")
	}
	for _, label := range []string{"utf-8", "windows-1253", "iso-2022-jp", "utf-16le", "big5"} {
		cs, _ := Lookup(label)
		d := cs.NewDecoder()
		d.Strict = true
		src := []byte("ab\xffcd")
		if label == "utf-16le" {
			src = []byte("a\x00\x00\xdcb\x00")
		}
		if label == "windows-1253" {
			src = []byte("ab\xaa") // AA is unassigned in windows-1253
		}
		_, err := d.Bytes(src)
		if !errors.As(err, &ie) || ie.Offset != 2 || ie.Charset != cs.Name() {
			t.Errorf("%s: err = %v, want an InvalidError at byte 2", label, err)
		}
	}
}

func TestMaxReport(t *testing.T) {
	d := UTF8.NewDecoder()
	d.MaxReport = 3
	text, err := d.Bytes([]byte("\xff\xff\xff\xff\xffa"))
	if err != nil || string(text) != strings.Repeat("\uFFFD", 5)+"a" {
		t.Fatalf("got %q, %v", text, err)
	}
	if d.InvalidCount() != 5 || len(d.Invalid()) != 3 || d.Invalid()[2].Offset != 2 {
		t.Errorf("count %d, list %v; want 5 and the first 3", d.InvalidCount(), d.Invalid())
	}
}

// The Reader gives the same text and map as a one-shot decode, however
// the source arrives, and keeps the map bounded.
func TestReader(t *testing.T) {
	sjis := bytes.Repeat([]byte("\x82\xa0 http://\x93\xfa\x96\x7b.jp/ \x81\n"), 20000) // ~380 KB
	utf := bytes.Repeat([]byte("é http://example.com/ \xff\n"), 20000)
	jis := bytes.Repeat([]byte("\x1b$B$\"\x1b(B http://x.jp/\n"), 20000)
	for _, c := range []struct {
		label string
		src   []byte
	}{{"shift_jis", sjis}, {"utf-8", utf}, {"iso-2022-jp", jis}, {"utf-8", []byte("\xef\xbb\xbf" + strings.Repeat("ab", 50000))}} {
		cs, _ := Lookup(c.label)
		d := cs.NewDecoder()
		want, _ := d.Bytes(c.src)
		for k, rd := range []io.Reader{nil, bytes.NewReader(c.src), iotest.OneByteReader(bytes.NewReader(c.src)), iotest.HalfReader(bytes.NewReader(c.src))} {
			r := NewReaderBytes(c.src, cs)
			if k > 0 {
				r.Reset(rd)
			}
			var got []byte
			maxSegs := 0
			for {
				chunk, err := r.Next()
				start := r.Map().DecodedEnd() - int64(len(chunk))
				for i := 0; i < len(chunk); i += 97 {
					if s, w := r.Map().SourceOffset(start+int64(i)), d.Map().SourceOffset(start+int64(i)); s != w {
						t.Fatalf("%s: reader maps %d to %d, decoder to %d", c.label, start+int64(i), s, w)
					}
				}
				got = append(got, chunk...)
				maxSegs = max(maxSegs, len(r.Map().runs))
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: reader text differs from Bytes", c.label)
			}
			if r.Decoder().InvalidCount() != d.InvalidCount() {
				t.Errorf("%s: reader counts %d invalid, Bytes %d", c.label, r.Decoder().InvalidCount(), d.InvalidCount())
			}
			if maxSegs > 2*ReaderBufSize {
				t.Errorf("%s: map grew to %d runs", c.label, maxSegs)
			}
		}
	}
}

func TestReaderError(t *testing.T) {
	cs, _ := Lookup("euc-kr")
	r := NewReader(iotest.TimeoutReader(bytes.NewReader([]byte("\xc7\xd1abc"))), cs)
	var got []byte
	var err error
	for err == nil {
		var chunk []byte
		chunk, err = r.Next()
		got = append(got, chunk...)
	}
	if err != iotest.ErrTimeout || string(got) != "한abc" {
		t.Errorf("got %q, %v; want the text, then the read error", got, err)
	}
}

func TestMapDiscard(t *testing.T) {
	cs, _ := Lookup("shift_jis")
	d := cs.NewDecoder()
	// Runs of a, あ: decoded a at 4k, あ at 4k+1; source a at 3k, あ at 3k+1.
	src := bytes.Repeat([]byte("a\x82\xa0"), 1000)
	text, _ := d.Bytes(src)
	m := d.Map()
	check := func(from int64) {
		t.Helper()
		for k := from / 4; k < 1000; k++ {
			if s := m.SourceOffset(4 * k); s != 3*k {
				t.Fatalf("SourceOffset(%d) = %d, want %d", 4*k, s, 3*k)
			}
			if s := m.SourceOffset(4*k + 2); s != 3*k+1 { // inside あ: its start
				t.Fatalf("SourceOffset(%d) = %d, want %d", 4*k+2, s, 3*k+1)
			}
		}
	}
	check(0)
	held := len(m.runs)
	m.Discard(3000)
	if m.DecodedStart() > 3000 || len(m.runs) >= held {
		t.Errorf("after Discard(3000): start %d, %d of %d runs", m.DecodedStart(), len(m.runs), held)
	}
	check(3000)
	if m.SourceOffset(10) != -1 {
		t.Errorf("SourceOffset(10) after Discard(3000) = %d, want -1", m.SourceOffset(10))
	}
	m.Discard(int64(len(text)))
	if m.SourceOffset(int64(len(text))) != int64(len(src)) || m.SourceOffset(3999) != -1 || len(m.runs) != 0 {
		t.Errorf("after discarding all: end maps to %d, 3999 to %d", m.SourceOffset(int64(len(text))), m.SourceOffset(3999))
	}
}

func TestBracket(t *testing.T) {
	cs, _ := Lookup("iso-2022-jp")
	// 日本 in JIS X 0208, then the IRI x/日 with no escape back, then ASCII.
	src := "\x1b$BF|K\\\x1b(Bx/\x1b$BF|K\\\x1b(B."
	d := cs.NewDecoder()
	text, _ := d.Bytes([]byte(src))
	if string(text) != "日本x/日本." {
		t.Fatalf("decoded %q", text)
	}
	m := d.Map()
	// Replace "x/日" (ends inside the JIS X 0208 run).
	start := int64(strings.Index(string(text), "x/"))
	end := start + int64(len("x/日"))
	pre, suf := m.Bracket(start, end)
	if pre != nil || string(suf) != "\x1b$B" {
		t.Errorf("Bracket = %q, %q; want nil, ESC $ B", pre, suf)
	}
	// Starting inside the run: switch to ASCII first.
	pre, _ = m.Bracket(3, 6)
	if string(pre) != "\x1b(B" {
		t.Errorf("prefix = %q, want ESC ( B", pre)
	}
	for _, label := range []string{"shift_jis", "utf-8", "utf-16be"} {
		cs, _ := Lookup(label)
		d := cs.NewDecoder()
		d.Bytes([]byte("abc"))
		if p, s := d.Map().Bracket(0, 2); p != nil || s != nil {
			t.Errorf("%s: Bracket = %q, %q; want nil", label, p, s)
		}
	}
}

// TestSingleByteASCII checks what the decoder's fast path assumes: every
// single-byte charset maps bytes below 0x80 to ASCII.
func TestSingleByteASCII(t *testing.T) {
	for _, cs := range charsetsOfKind(kindSingleByte) {
		for b := 0; b < 0x80; b++ {
			out, _ := cs.enc.NewDecoder().Bytes([]byte{byte(b)})
			if len(out) != 1 || out[0] != byte(b) || cs.sbWidth[b] != 1 {
				t.Errorf("%s: byte %#x decodes to %q", cs, b, out)
			}
		}
	}
}

func TestLookup(t *testing.T) {
	for _, c := range []struct{ label, name string }{
		{"utf8", "utf-8"}, {" UTF-8 ", "utf-8"}, {"Shift_JIS", "shift_jis"}, {"sjis", "shift_jis"},
		{"ms_kanji", "shift_jis"}, {"latin1", "windows-1252"}, {"ISO-8859-1", "windows-1252"},
		{"us-ascii", "windows-1252"}, {"iso-8859-9", "windows-1254"}, {"gb2312", "gbk"},
		{"x-euc-jp", "euc-jp"}, {"csiso2022jp", "iso-2022-jp"}, {"big5-hkscs", "big5"},
		{"ks_c_5601-1987", "euc-kr"}, {"utf-16", "utf-16le"}, {"unicodefffe", "utf-16be"},
		{"koi8-ru", "koi8-u"}, {"mac", "macintosh"}, {"tis-620", "windows-874"},
		{"iso-2022-kr", "replacement"}, {"x-user-defined", "x-user-defined"},
	} {
		cs, err := Lookup(c.label)
		if err != nil || cs.Name() != c.name {
			t.Errorf("Lookup(%q) = %v, %v; want %s", c.label, cs, err, c.name)
		}
	}
	_, err := Lookup("x-klingon")
	var le *LabelError
	if !errors.As(err, &le) || le.Label != "x-klingon" || !strings.Contains(err.Error(), `"x-klingon"`) {
		t.Errorf("Lookup(x-klingon) error = %v, want one naming the label", err)
	}
	for _, c := range []struct {
		label string
		ucs   bool
	}{{"utf-8", true}, {"utf-16le", true}, {"utf-16be", true}, {"shift_jis", false}, {"windows-1252", false}, {"gb18030", false}} {
		cs, _ := Lookup(c.label)
		if cs.IsUCS() != c.ucs {
			t.Errorf("%s: IsUCS = %v", c.label, cs.IsUCS())
		}
	}
	if len(All()) != 40 {
		t.Errorf("All has %d charsets, the WHATWG standard 40", len(All()))
	}
}

// TestISO2022JPSplice replaces, in ISO-2022-JP documents that end or break
// off in every shift state, the text between any two character boundaries
// by other text, as a rewriter does with Map.Bracket and Encode. A reader
// of the result must see the old text with only that part replaced: a lead
// byte left alone before the splice stays one U+FFFD, and the text after it
// keeps its shift state.
func TestISO2022JPSplice(t *testing.T) {
	cs, _ := Lookup("iso-2022-jp")
	sources := []string{
		"\x1b$B000",                 // odd trailing byte in JIS X 0208
		"\x1b$@000",                 // the same in JIS C 6226-1978
		"\x1b$BF|K\\0",              // 日本 and a lone lead
		"\x1b$BF|0\x1b(Bab",         // a lone lead before ESC ( B
		"\x1b$BF|0\x1b(Jab",         // before ESC ( J
		"\x1b$@F|0\x1b$BK\\",        // before ESC $ B
		"\x1b$BF|0\x1b$@K\\0",       // before ESC $ @, and at the end
		"\x1b$BF|0\x1b(I12",         // before ESC ( I
		"\x1b$(D0!0",                // JIS X 0212 and a lone lead
		"\x1b$B0\x1b",               // a lone lead, then a lone ESC at the end
		"\x1b$B0\x1b$",              // a cut escape sequence at the end
		"\x1b$BF|\nab\x1b$B0",       // LF back to ASCII, then a lone lead
		"a\x1b(I12\x1b$BF|0",        // katakana, kanji
		"\x1b(Jx/\\~\x1b$BF|0\x1b(", // Roman, then kanji, then a cut escape
		"\x1b$B0 F|\r\nK\\0\x80",    // bytes that are no lead byte
	}
	repls := []string{"", "x", "http://例え.jp/パス", "日本", "\n", "a\x1b"}
	for _, src := range sources {
		d := cs.NewDecoder()
		text, err := d.Bytes([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		m := d.Map()
		// Character boundaries: decoded offsets that start a source
		// character, and the end.
		var cuts []int64
		for i := 0; i <= len(text); {
			if n := len(cuts); n == 0 || m.SourceOffset(int64(i)) != m.SourceOffset(cuts[n-1]) {
				cuts = append(cuts, int64(i))
			}
			if i == len(text) {
				break
			}
			_, n := utf8.DecodeRune(text[i:])
			i += n
		}
		for ai, a := range cuts {
			for _, b := range cuts[ai:] {
				for _, r := range repls {
					name := fmt.Sprintf("%q/%d:%d/%q", src, a, b, r)
					t.Run(name, func(t *testing.T) {
						enc, err := cs.Encode(nil, r, FallbackError)
						if err != nil {
							t.Fatal(err)
						}
						pre, suf := m.Bracket(a, b)
						sa, sb := m.SourceOffset(a), m.SourceOffset(b)
						out := src[:sa] + string(pre) + string(enc) + string(suf) + src[sb:]
						want := string(text[:a]) + strings.ReplaceAll(r, "\x1b", "\uFFFD") + string(text[b:])
						got, _ := cs.NewDecoder().Bytes([]byte(out))
						if string(got) != want {
							t.Errorf("%q decodes to %q, want %q", out, got, want)
						}
					})
				}
			}
		}
	}
}
