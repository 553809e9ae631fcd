package charset

import (
	"errors"
	"testing"
)

// Expected bytes are from the code charts, as in decode_test.go. 한 is
// U+D55C (UTF-8 ED 95 9C), in no Japanese, Chinese or Latin charset; ก is
// U+0E01 (E0 B8 81); Ā is U+0100 (C4 80).
func TestEncode(t *testing.T) {
	for _, c := range []struct {
		label, text       string
		ncr, percent, err string // expected output per fallback; err: output before the error
		errOff            int
		errRune           rune
	}{
		{"windows-1252", "café €", "caf\xe9 \x80", "caf\xe9 \x80", "", -1, 0},
		{"windows-1252", "aĀb", "a&#x100;b", "a%C4%80b", "a", 1, 'Ā'},
		{"iso-8859-1", "é한", "\xe9&#xD55C;", "\xe9%ED%95%9C", "\xe9", 2, '한'},
		{"iso-8859-7", "αβ", "\xe1\xe2", "\xe1\xe2", "", -1, 0},
		{"koi8-r", "мир", "\xcd\xc9\xd2", "\xcd\xc9\xd2", "", -1, 0},
		{"shift_jis", "日本/한", "\x93\xfa\x96\x7b/&#xD55C;", "\x93\xfa\x96\x7b/%ED%95%9C", "\x93\xfa\x96\x7b/", 7, '한'},
		{"euc-jp", "あ한", "\xa4\xa2&#xD55C;", "\xa4\xa2%ED%95%9C", "\xa4\xa2", 3, '한'},
		{"iso-2022-jp", "日本", "\x1b$BF|K\\\x1b(B", "\x1b$BF|K\\\x1b(B", "", -1, 0},
		{"iso-2022-jp", "日한x", "\x1b$BF|\x1b(B&#xD55C;x", "\x1b$BF|\x1b(B%ED%95%9Cx", "\x1b$BF|\x1b(B", 3, '한'},
		{"gb18030", "中€\u0080\uFFFD𐀀", "\xd6\xd0\xa2\xe3\x81\x30\x81\x30\x84\x31\xa4\x37\x90\x30\x81\x30", "\xd6\xd0\xa2\xe3\x81\x30\x81\x30\x84\x31\xa4\x37\x90\x30\x81\x30", "", -1, 0},
		{"gbk", "中ก", "\xd6\xd0&#xE01;", "\xd6\xd0%E0%B8%81", "\xd6\xd0", 3, 'ก'},
		{"big5", "中한", "\xa4\xa4&#xD55C;", "\xa4\xa4%ED%95%9C", "\xa4\xa4", 3, '한'},
		{"euc-kr", "한국ก", "\xc7\xd1\xb1\xb9&#xE01;", "\xc7\xd1\xb1\xb9%E0%B8%81", "\xc7\xd1\xb1\xb9", 6, 'ก'},
		{"utf-16le", "h€😀", "h\x00\xac\x20=\xd8\x00\xde", "h\x00\xac\x20=\xd8\x00\xde", "", -1, 0},
		{"utf-16be", "h한", "\x00h\xd5\x5c", "\x00h\xd5\x5c", "", -1, 0},
		{"utf-8", "한😀", "한😀", "한😀", "", -1, 0},
		{"x-user-defined", "a\uF780ก", "a\x80&#xE01;", "a\x80%E0%B8%81", "a\x80", 4, 'ก'},
	} {
		cs, err := Lookup(c.label)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := cs.Encode(nil, c.text, FallbackNCR); err != nil || string(got) != c.ncr {
			t.Errorf("%s: Encode(%q, ncr) = %q, %v; want %q", c.label, c.text, got, err, c.ncr)
		}
		if got, err := cs.Encode([]byte("<"), c.text, FallbackPercent); err != nil || string(got) != "<"+c.percent {
			t.Errorf("%s: Encode(%q, percent) = %q, %v; want %q", c.label, c.text, got, err, "<"+c.percent)
		}
		got, err := cs.Encode(nil, c.text, FallbackError)
		var ee *EncodeError
		switch {
		case c.errOff < 0 && (err != nil || string(got) != c.ncr):
			t.Errorf("%s: Encode(%q, error) = %q, %v; want %q", c.label, c.text, got, err, c.ncr)
		case c.errOff >= 0 && (!errors.As(err, &ee) || ee.Offset != c.errOff || ee.Rune != c.errRune || ee.Charset != cs.Name() || string(got) != c.err):
			t.Errorf("%s: Encode(%q, error) = %q, %v; want %q and an error for %U at %d", c.label, c.text, got, err, c.err, c.errRune, c.errOff)
		}
	}
}

func TestEncodeErrorText(t *testing.T) {
	cs, _ := Lookup("shift_jis")
	_, err := cs.Encode(nil, "ab한", FallbackError)
	if want := `charset: U+D55C '한' at byte 2 cannot be encoded in shift_jis`; err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
	for _, label := range []string{"shift_jis", "utf-8", "utf-16le"} {
		cs, _ := Lookup(label)
		_, err := cs.Encode(nil, "ab\xffc", FallbackNCR)
		var ee *EncodeError
		if !errors.As(err, &ee) || !ee.Invalid || ee.Offset != 2 {
			t.Errorf("%s: invalid UTF-8: err = %v, want an EncodeError at 2", label, err)
		}
	}
}

func TestEncodeAllocs(t *testing.T) {
	cs, _ := Lookup("shift_jis")
	buf := make([]byte, 0, 256)
	cs.Encode(buf, "x", FallbackNCR) // fill the pool
	n := testing.AllocsPerRun(100, func() {
		buf, _ = cs.Encode(buf[:0], "http://日本.jp/한", FallbackPercent)
	})
	if n != 0 {
		t.Errorf("Encode allocates %v times per call with room in dst", n)
	}
}
