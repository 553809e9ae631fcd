package charset

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// sniffSampleCharsets lists, for each sample text in testdata/sniff (real
// prose; see its README), the legacy charsets its language is written in.
// Each sample is encoded in each of them; Sniff must read it back as the
// same text.
var sniffSampleCharsets = map[string][]string{
	"en": {"windows-1252"}, "de": {"windows-1252"}, "fr": {"windows-1252"}, "es": {"windows-1252"},
	"it": {"windows-1252"}, "pt": {"windows-1252"}, "nl": {"windows-1252"}, "sv": {"windows-1252"},
	"da": {"windows-1252"}, "ca": {"windows-1252"},
	"cs": {"windows-1250", "iso-8859-2"}, "pl": {"windows-1250", "iso-8859-2"}, "hu": {"windows-1250", "iso-8859-2"},
	"sk": {"windows-1250", "iso-8859-2"}, "sl": {"windows-1250", "iso-8859-2"}, "hr": {"windows-1250", "iso-8859-2"},
	"ro": {"windows-1250"},
	"ru": {"windows-1251", "koi8-r", "iso-8859-5", "ibm866"}, "uk": {"windows-1251", "koi8-u", "iso-8859-5"},
	"bg": {"windows-1251", "iso-8859-5"}, "sr": {"windows-1251", "iso-8859-5"}, "mk": {"windows-1251"},
	"be": {"windows-1251"},
	"el": {"windows-1253", "iso-8859-7"}, "tr": {"windows-1254"}, "he": {"windows-1255", "iso-8859-8"},
	"ar": {"windows-1256"}, "fa": {"windows-1256"},
	"lt": {"windows-1257"}, "lv": {"windows-1257"}, "et": {"windows-1257"},
	"vi": {"windows-1258"}, "th": {"windows-874"},
	"ja": {"shift_jis", "euc-jp", "iso-2022-jp", "utf-16le"}, "zh_CN": {"gb18030", "utf-16be"},
	"zh_TW": {"big5"}, "ko": {"euc-kr"},
}

type sniffSample struct {
	name string
	cs   *Charset
	src  []byte
}

// encodeLossy encodes text in cs, leaving out the characters cs lacks.
func encodeLossy(t testing.TB, cs *Charset, text string) []byte {
	var out []byte
	if cs.kind == kindUTF16 {
		out, _ = cs.Encode(nil, text, FallbackError)
		return out
	}
	for _, r := range text {
		b, err := cs.Encode(out, string(r), FallbackError)
		if err == nil {
			out = b
		}
	}
	return out
}

// sniffSamples returns the samples: each text whole (about 2 KB), its
// line with the most non-ASCII letters followed by a URL,
// and that line set in English ASCII text four times its length.
func sniffSamples(t *testing.T) []sniffSample {
	var all []sniffSample
	langs := make([]string, 0, len(sniffSampleCharsets))
	for l := range sniffSampleCharsets {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	for _, lang := range langs {
		raw, err := os.ReadFile(filepath.Join("testdata", "sniff", lang+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		var line string
		most := 0
		for _, l := range strings.Split(text, "\n") {
			n := 0
			for _, r := range l {
				if r >= utf8.RuneSelf && unicode.IsLetter(r) {
					n++
				}
			}
			if n > most {
				line, most = strings.TrimSpace(l), n
			}
		}
		short := line + " http://example.org/doc/index.html\n"
		mixed := "The following paragraph is quoted from the translated manual page; see\n" +
			"http://example.org/ for the original text and the licence terms of the project.\n" +
			short + "Everything else in this file is plain English text written in ASCII only.\n"
		for _, name := range sniffSampleCharsets[lang] {
			cs, _ := Lookup(name)
			if name == "windows-1258" {
				// x/text cannot split the tone marks off: iconv did.
				src, err := os.ReadFile(filepath.Join("testdata", "sniff", lang+".windows-1258"))
				if err != nil {
					t.Fatal(err)
				}
				all = append(all, sniffSample{lang + "/" + name, cs, src})
				continue
			}
			all = append(all, sniffSample{lang + "/" + name, cs, encodeLossy(t, cs, text)},
				sniffSample{lang + "/" + name + "/line", cs, encodeLossy(t, cs, short)},
				sniffSample{lang + "/" + name + "/mixed", cs, encodeLossy(t, cs, mixed)})
		}
	}
	return all
}

func decodeString(cs *Charset, src []byte) string {
	out, _ := cs.NewDecoder().Bytes(src)
	return string(out)
}

func TestSniffSamples(t *testing.T) {
	samples := sniffSamples(t)
	right, exact, strong, strongWrong := 0, 0, 0, 0
	for _, s := range samples {
		t.Run(s.name, func(t *testing.T) {
			g := Sniff(s.src)
			want := decodeString(s.cs, s.src)
			ok := decodeString(g.Charset, s.src) == want
			if g.Confidence == ConfidenceStrong {
				strong++
			}
			if ok {
				right++
				if g.Charset == s.cs {
					exact++
				}
			} else if g.Confidence == ConfidenceStrong {
				strongWrong++
			}
			if !ok {
				t.Errorf("Sniff(%d bytes of %s) = %s (%s, %d invalid), which reads it as other text", len(s.src), s.cs, g.Charset, g.Confidence, g.Invalid)
			}
		})
	}
	t.Logf("%d samples: %d read right (%d by the very charset), %d strong guesses, %d of them wrong", len(samples), right, exact, strong, strongWrong)
}

// TestSniffUTF8 checks that text that is valid UTF-8 stays UTF-8, also
// when the prefix cuts its last character, and that 7-bit text is UTF-8
// unless it holds ISO-2022-JP escape sequences.
func TestSniffUTF8(t *testing.T) {
	var cases []struct{ name, src string }
	for lang := range sniffSampleCharsets {
		raw, err := os.ReadFile(filepath.Join("testdata", "sniff", lang+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct{ name, src string }{lang, string(raw)})
		// Cut inside the last multi-byte character.
		s := string(raw)
		for i := len(s) - 1; i > 0; i-- {
			if !utf8.RuneStart(s[i]) {
				cases = append(cases, struct{ name, src string }{lang + "/cut", s[:i]})
				break
			}
		}
	}
	cases = append(cases,
		struct{ name, src string }{"empty", ""},
		struct{ name, src string }{"ascii", "See http://example.org/ and <mailto:a@example.org>.\n"},
		struct{ name, src string }{"ansi-colours", "\x1b[1;31merror\x1b[0m: see http://example.org/\n"},
		struct{ name, src string }{"cut-3-of-4", "http://example.org/\xf0\x9f\x98"},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := Sniff([]byte(c.src))
			if g.Charset != UTF8 || g.Confidence != ConfidenceStrong || g.Invalid != 0 {
				t.Errorf("Sniff = %s (%s, %d invalid), want utf-8 (strong)", g.Charset, g.Confidence, g.Invalid)
			}
		})
	}
}

// TestSniffShort checks short Latin-1 texts, each one line with a URL, as a
// reader expects them read: never as a CJK charset, and as text whose
// accented letters are Latin ones.
func TestSniffShort(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Voir http://example.fr/café pour le menu du café.\n", "windows-1252"},
		{"Größere Dateien: https://example.de/Übersicht\n", "windows-1252"},
		{"Más información en http://example.es/año — señor.\n", "windows-1252"},
		{"“Smart quotes” from a word processor – and http://example.com/\n", "windows-1252"},
		{"Copyright © 2020 Example Corp. http://example.com/\n", "windows-1252"},
		{"Temperature: 25°C ± 2° (http://example.com/weather)\n", "windows-1252"},
		{"Price: £5 or €6, see http://example.co.uk/\n", "windows-1252"},
		{"Gemäß § 3 Abs. 2: https://example.de/recht\n", "windows-1252"},
		{"Größe: 5 × 3 m² – http://example.at/\n", "windows-1252"},
		{"Zażółć gęślą jaźń: http://example.pl/\n", "windows-1250"},
		{"Подробнее: http://example.ru/ — документация.\n", "windows-1251"},
		{"Ελληνικά κείμενα στο http://example.gr/\n", "windows-1253"},
		{"詳しくは http://example.jp/ を参照してください。\n", "shift_jis"},
		{"자세한 내용은 http://example.kr/ 을 참조하십시오.\n", "euc-kr"},
		{"详细信息请参阅 http://example.cn/ 。\n", "gb18030"},
		{"詳細資訊請參閱 http://example.tw/ 。\n", "big5"},
	} {
		t.Run(c.want+"/"+c.text, func(t *testing.T) {
			cs, _ := Lookup(c.want)
			src, err := cs.Encode(nil, c.text, FallbackError)
			if err != nil {
				t.Fatal(err)
			}
			g := Sniff(src)
			if got := decodeString(g.Charset, src); got != c.text {
				t.Errorf("Sniff = %s (%s), which reads %q", g.Charset, g.Confidence, got)
			}
		})
	}
}

func TestSniffInvalid(t *testing.T) {
	// Shift_JIS prose with two bytes that no charset of Japanese has: the
	// guess stays Shift_JIS, is weak, and counts them.
	raw, _ := os.ReadFile(filepath.Join("testdata", "sniff", "ja.txt"))
	cs, _ := Lookup("shift_jis")
	src := encodeLossy(t, cs, string(raw))
	src = append(append(src[:100:100], 0xa0, 0xfd), src[100:]...)
	g := Sniff(src)
	if g.Charset != cs || g.Confidence != ConfidenceWeak || g.Invalid != 2 || g.Len != len(src) {
		t.Errorf("Sniff = %+v, want shift_jis, weak, 2 invalid, Len %d", g, len(src))
	}
	// Only the first SniffLen bytes count.
	long := append(bytes.Repeat([]byte("ascii "), SniffLen/6+1), 0x82, 0xa0)
	if g := Sniff(long); g.Charset != UTF8 || g.Len != SniffLen {
		t.Errorf("Sniff(long) = %+v, want utf-8 from %d bytes", g, SniffLen)
	}
}

func TestDetectSniffed(t *testing.T) {
	sjis, _ := Lookup("shift_jis")
	koi8, _ := Lookup("koi8-r")
	ja, _ := sjis.Encode(nil, "日本語のテキストです。詳しくは http://例え.jp/ を見てください。\n", FallbackError)
	ru, _ := koi8.Encode(nil, "Это русский текст. Подробности на http://пример.рф/ в документации.\n", FallbackError)
	for _, c := range []struct {
		name string
		src  []byte
		h    Hint
		want *Charset
		rule Rule
	}{
		{"shift_jis", ja, Hint{}, sjis, RuleSniffed},
		{"koi8-r", ru, Hint{}, koi8, RuleSniffed},
		{"koi8-r as html", ru, Hint{Format: FormatHTML}, koi8, RuleSniffed},
		{"label wins", ru, Hint{Label: "windows-1251"}, mustGet("windows-1251"), RuleLabel},
		{"content-type wins", ja, Hint{Format: FormatMail, ContentType: "text/plain; charset=euc-jp"}, mustGet("euc-jp"), RuleContentType},
		{"meta wins", append([]byte(`<meta charset="koi8-u">`), ru...), Hint{Format: FormatHTML}, mustGet("koi8-u"), RuleMeta},
		{"ascii", []byte("http://example.org/\n"), Hint{}, UTF8, RuleDefault},
		{"utf-8", []byte("http://例え.jp/\n"), Hint{}, UTF8, RuleDefault},
		{"utf-8 cut", []byte("http://例え.jp/\xe4\xbe"), Hint{}, UTF8, RuleDefault},
		{"iso-2022-jp", []byte("\x1b$BF|K\\\x1b(B http://x/\n"), Hint{}, mustGet("iso-2022-jp"), RuleSniffed},
	} {
		t.Run(c.name, func(t *testing.T) {
			cs, rule, err := Detect(c.src, c.h)
			if cs != c.want || rule != c.rule || err != nil {
				t.Errorf("Detect = %s, %s, %v; want %s, %s", cs, rule, err, c.want, c.rule)
			}
		})
	}
	if RuleSniffed.String() != "sniffed" {
		t.Errorf("RuleSniffed prints as %q", RuleSniffed)
	}
}

// FuzzSniff checks the guesses of Sniff on any bytes: no panic; the same
// guess twice; a charset it lists as a candidate; the bytes it looked at;
// no invalid sequence in a strong guess, and the count of the chosen
// charset's decoder, but for a character cut by the end; and UTF-8 for
// valid UTF-8 that is not 7-bit ISO-2022-JP.
func FuzzSniff(f *testing.F) {
	for _, s := range []string{
		"", "a", "http://example.org/", "\x82\xa0\x82\xa2 http://\x93\xfa\x96\x7b.jp/", "\xc3", "\xe4\xbe",
		"\x1b$BF|K\\\x1b(B", "\x1b$", "h\x00t\x00t\x00p\x00", "\x00h\x00t", "\xcf\xd2\xc9\xd7\xc5\xd4",
		"\xd0\xf0\xe8\xe2\xe5\xf2 http://x/", "Caf\xe9 \x93quoted\x94", "\xa4\xa4\xa4\xe5", "\xc7\xd1\xb1\xb9",
	} {
		f.Add([]byte(s))
	}
	for _, c := range []struct{ lang, cs string }{{"ja", "euc-jp"}, {"ru", "koi8-r"}, {"el", "iso-8859-7"}, {"zh_TW", "big5"}} {
		raw, err := os.ReadFile(filepath.Join("testdata", "sniff", c.lang+".txt"))
		if err != nil {
			f.Fatal(err)
		}
		cs, _ := Lookup(c.cs)
		src := encodeLossy(nil, cs, string(raw))
		f.Add(src[:min(len(src), 300)])
	}
	candidates := SniffCandidates()
	f.Fuzz(func(t *testing.T, p []byte) {
		g := Sniff(p)
		if g2 := Sniff(p); g2 != g {
			t.Fatalf("Sniff(%x) = %+v, then %+v", p, g, g2)
		}
		found := false
		for _, cs := range candidates {
			found = found || cs == g.Charset
		}
		if !found {
			t.Fatalf("Sniff(%x) = %s, not a candidate", p, g.Charset)
		}
		if g.Len != min(len(p), SniffLen) {
			t.Fatalf("Sniff(%d bytes).Len = %d", len(p), g.Len)
		}
		if g.Confidence == ConfidenceStrong && g.Invalid != 0 {
			t.Fatalf("Sniff(%x) = %+v: strong with invalid bytes", p, g)
		}
		p = p[:g.Len]
		d := g.Charset.NewDecoder()
		d.Bytes(p)
		if n := int(d.InvalidCount()); g.Invalid > n || n > g.Invalid+4 {
			t.Fatalf("Sniff(%x) = %+v, but %s finds %d invalid sequences", p, g, g.Charset, n)
		}
		if utf8.Valid(p) {
			jis := false
			for _, esc := range []string{"\x1b$B", "\x1b$@", "\x1b(J", "\x1b(I", "\x1b$(D"} {
				jis = jis || bytes.Contains(p, []byte(esc))
			}
			if !jis && (g.Charset != UTF8 || g.Confidence != ConfidenceStrong) {
				t.Fatalf("Sniff(%q) = %+v, want utf-8 (strong)", p, g)
			}
			if jis && g.Charset.Name() != "iso-2022-jp" {
				t.Fatalf("Sniff(%q) = %+v, want iso-2022-jp", p, g)
			}
		}
	})
}

// TestSniffDamagedUTF8 checks that UTF-8 prose with a few stray bytes (a
// Latin-1 é, a cut sequence in the middle) stays UTF-8, weak, with the
// stray bytes counted.
func TestSniffDamagedUTF8(t *testing.T) {
	for _, lang := range []string{"ja", "ru", "de", "el", "zh_CN", "ko", "ar"} {
		raw, err := os.ReadFile(filepath.Join("testdata", "sniff", lang+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.IndexByte(raw[len(raw)/2:], '\n') + len(raw)/2
		for _, bad := range []string{"caf\xe9", "\xe6\x97", "\x93x\x94"} {
			t.Run(lang+"/"+fmt.Sprintf("%x", bad), func(t *testing.T) {
				src := append(append(append([]byte{}, raw[:i]...), bad...), raw[i:]...)
				g := Sniff(src)
				_, rule, _ := Detect(src, Hint{})
				if g.Charset != UTF8 || g.Confidence != ConfidenceWeak || g.Invalid == 0 || rule != RuleSniffed {
					t.Errorf("Sniff = %+v, Detect rule %s; want utf-8, weak, invalid bytes counted, sniffed", g, rule)
				}
			})
		}
	}
}
