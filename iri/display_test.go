package iri

import (
	"testing"

	"golang.org/x/net/idna"
)

// Hebrew letters standing for the draft's Bidi Notation (Section 4.4), where
// uppercase letters are right-to-left: C=ג D=ד E=ה F=ו G=ז H=ח I=ט J=י K=כ L=ל.
const (
	hC = "\u05d2"
	hD = "\u05d3"
	hE = "\u05d4"
	hF = "\u05d5"
	hG = "\u05d6"
	hH = "\u05d7"
	hI = "\u05d8"
	hJ = "\u05d9"
	hK = "\u05db"
	hL = "\u05dc"
)

func TestDisplayBidi(t *testing.T) {
	iso := func(s string) string { return "\u2066" + s + "\u2069" }
	tests := []struct {
		name, in, want string
	}{
		// ASCII-only IRIs and left-to-right IRIs get no marks (Section 4.1:
		// no embedding is needed when the display is the same).
		{"ascii", "http://example.com/a?b=c#d", "http://example.com/a?b=c#d"},
		{"japanese", "http://\u4f8b\u3048.\u30c6\u30b9\u30c8/\u8cc7\u6599", "http://\u4f8b\u3048.\u30c6\u30b9\u30c8/\u8cc7\u6599"},
		{"cyrillic from URI", "https://ru.wikipedia.org/wiki/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0", "https://ru.wikipedia.org/wiki/\u041c\u043e\u0441\u043a\u0432\u0430"},
		// Examples 1-7 of Section 4.4 are allowed: wrapped, unchanged.
		{"example 1", "http://ab." + hC + hD + hE + hF + hG + hH + ".ij/kl/mn/op.html", iso("http://ab." + hC + hD + hE + hF + hG + hH + ".ij/kl/mn/op.html")},
		{"example 3", "http://" + hC + hD + "." + hE + hF + "/" + hG + hH + "?" + hI + hJ + "=" + hK + hL + "#" + hC, iso("http://" + hC + hD + "." + hE + hF + "/" + hG + hH + "?" + hI + hJ + "=" + hK + hL + "#" + hC)},
		{"example 7", "http://ab.cd.ef/" + hC + hD + hE + "123" + hF + hG + hH + "/kl", iso("http://ab.cd.ef/" + hC + hD + hE + "123" + hF + hG + hH + "/kl")},
		// Example 8 (not allowed): numbers at the start or end of a
		// right-to-left component; each such component is encoded whole.
		{"example 8", "http://ab.cd.ef/" + hG + hH + "1/2" + hI + hJ + "/" + hK + hL + ".html",
			iso("http://ab.cd.ef/%D7%96%D7%971/2%D7%98%D7%99/" + hK + hL + ".html")},
		// Example 9: percent-encoding the digits does not help: %31 is "1".
		{"example 9", "http://ab.cd.ef/" + hG + hH + "%31/%32" + hI + hJ + "/" + hK + hL + ".html",
			iso("http://ab.cd.ef/%D7%96%D7%971/2%D7%98%D7%99/" + hK + hL + ".html")},
		// Rule 1: a component must not mix directions.
		{"mixed", "http://example.com/abc" + hC + hD + "/x", "http://example.com/abc%D7%92%D7%93/x"},
		{"mixed query value", "http://example.com/?q=" + hC + "a" + hD + "&r=" + hE, iso("http://example.com/?q=%D7%92a%D7%93&r=" + hE)},
		// A right-to-left name with an extension is two components.
		{"arabic file", "https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1.html", iso("https://ar.wikipedia.org/wiki/\u0645\u0635\u0631.html")},
		// Combining marks take the direction of their base.
		{"hebrew points", "http://example.com/\u05e9\u05b8\u05c1\u05dc\u05d5\u05b9\u05dd", iso("http://example.com/\u05e9\u05b8\u05c1\u05dc\u05d5\u05b9\u05dd")},
		// Arabic digits make an IRI bidirectional.
		{"arabic digits", "http://example.com/\u0661\u0662", iso("http://example.com/\u0661\u0662")},
		// Right-to-left host (its labels satisfy the IDNA bidi rule).
		{"arabic host", "http://xn--mgbh0fb.xn--kgbechtv/", iso("http://\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631/")},
	}
	for _, tt := range tests {
		got, err := Display(tt.in, DisplayOptions{})
		if err != nil {
			t.Errorf("%s: Display(%+q): %v", tt.name, tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("%s: Display(%+q)\n got %+q\nwant %+q", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestDisplayModes(t *testing.T) {
	in := "http://" + hC + hD + ".example/" + hE + hF + "?a=" + hG
	tests := []struct {
		mode BidiMode
		want string
	}{
		{BidiIsolate, "\u2066" + in + "\u2069"},
		{BidiEmbed, "\u202a" + in + "\u202c"},
		{BidiNone, in},
		// The IURI draft, Section 2.4: LRE, LRM before and after each
		// reserved character, PDF.
		{BidiMarks, "\u202ahttp\u200e:\u200e\u200e/\u200e\u200e/\u200e" + hC + hD + ".example\u200e/\u200e" + hE + hF + "\u200e?\u200ea\u200e=\u200e" + hG + "\u202c"},
	}
	for _, tt := range tests {
		c := Converter{Bidi: tt.mode}
		got, err := c.Display(in)
		if err != nil || got != tt.want {
			t.Errorf("%v: Display = %+q, %v\nwant %+q", tt.mode, got, err, tt.want)
		}
		if s := StripBidi(got); s != in {
			t.Errorf("%v: StripBidi(Display) = %+q, want %+q", tt.mode, s, in)
		}
		ascii, _ := c.Display("http://example.com/a?b=c")
		if ascii != "http://example.com/a?b=c" {
			t.Errorf("%v: ASCII IRI got marks: %+q", tt.mode, ascii)
		}
	}
}

// aLabel is the RFC 3492 encoding of a label with the ACE prefix, computed
// by x/net/idna's plain Punycode profile rather than by this package.
func aLabel(l string) string {
	a, err := idna.Punycode.ToASCII(l)
	if err != nil {
		panic(err)
	}
	return a
}

// checkDisplay runs Display on each input and compares with the wanted form.
func checkDisplay(t *testing.T, tests []struct{ in, want string }) {
	t.Helper()
	for _, tt := range tests {
		got, err := Display(tt.in, DisplayOptions{})
		if err != nil {
			t.Errorf("Display(%+q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("Display(%+q)\n got %+q\nwant %+q", tt.in, got, tt.want)
		}
	}
}

// Section 10: host labels that invite spoofing are shown as A-labels.
func TestDisplaySpoofing(t *testing.T) {
	tests := []struct{ in, want string }{
		// Latin mixed with Cyrillic: "аpple" with a Cyrillic а.
		{"https://xn--pple-43d.com/", "https://xn--pple-43d.com/"},
		{"https://\u0430pple.com/", "https://xn--pple-43d.com/"},
		// Latin mixed with Greek: "gοogle" with a Greek omicron.
		{"https://g\u03bfogle.com/", "https://" + aLabel("g\u03bfogle") + ".com/"},
		// Whole-script confusable: all-Cyrillic "аррӏе" under .com ...
		{"https://xn--80ak6aa92e.com/", "https://xn--80ak6aa92e.com/"},
		// ... but not under a Cyrillic top-level domain.
		{"https://xn--80ak6aa92e.xn--p1ai/", "https://\u0430\u0440\u0440\u04cf\u0435.\u0440\u0444/"},
		// A Cyrillic word with letters unlike Latin is shown.
		{"https://xn--e1afmkfd.com/", "https://\u043f\u0440\u0438\u043c\u0435\u0440.com/"},
		// Allowed combinations: Latin with Han and kana (Japanese), Latin
		// with Han (Chinese), Latin with Hangul, Latin with Arabic? no: see
		// the bidi rule; Latin with Thai.
		{"http://abc\u65e5\u672c\u3054.jp/", "http://abc\u65e5\u672c\u3054.jp/"},
		{"http://abc\ud55c\uad6d.kr/", "http://abc\ud55c\uad6d.kr/"},
		{"http://abc\u0e44\u0e17\u0e22.th/", "http://abc\u0e44\u0e17\u0e22.th/"},
		// Not allowed: Cyrillic with Greek, Hangul with kana.
		{"http://\u043f\u03c0.example/", "http://" + aLabel("\u043f\u03c0") + ".example/"},
		{"http://\ud55c\u3042.example/", "http://" + aLabel("\ud55c\u3042") + ".example/"},
	}
	checkDisplay(t, tests)
}

// UTS #58 minimal escaping: what would end a link found in text stays escaped.
func TestDisplayLinkTerms(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://example.com/a.", "http://example.com/a%2E"},
		{"http://example.com/a.b", "http://example.com/a.b"},
		{"http://example.com/a%2E", "http://example.com/a%2E"},
		// A reserved character keeps its form (RFC 3986 Section 2.2).
		{"http://example.com/a!", "http://example.com/a!"},
		{"http://example.com/a%21", "http://example.com/a%21"},
		{"http://example.com/%E3%80%82", "http://example.com/%E3%80%82"}, // final 。
		{"http://example.com/%E3%80%82x", "http://example.com/\u3002x"},  // 。 inside
		{"http://example.com/(a)", "http://example.com/(a)"},
		{"http://example.com/a)", "http://example.com/a)"},
		{"http://example.com/a)b(c)", "http://example.com/a)b(c)"},
		{"http://example.com/a%29", "http://example.com/a%29"},
		{"http://example.com/a%EF%BC%89b", "http://example.com/a%EF%BC%89b"},           // unmatched full-width ）
		{"http://example.com/%EF%BC%88a%EF%BC%89", "http://example.com/\uff08a\uff09"}, // full-width pair
		{"http://example.com/a%EF%BC%89", "http://example.com/a%EF%BC%89"},
		// Delimiters and hosts keep their meaning: no escaping there.
		{"http://example.com/?", "http://example.com/?"},
		{"http://example.com/#", "http://example.com/#"},
		{"http://example.com.", "http://example.com."},
		{"mailto:", "mailto:"},
		// Hard characters stay encoded, even unreserved-looking ones.
		{"http://example.com/a%20b%E3%80%80c", "http://example.com/a%20b%E3%80%80c"},
		// "%25" is a percent sign as data: it stays encoded, since a "%"
		// shown as itself would not be an IRI (Section 2.2 pct-encoded).
		{"http://example.com/100%25", "http://example.com/100%25"},
		{"http://example.com/%2541", "http://example.com/%2541"},
	}
	checkDisplay(t, tests)
}

func TestDisplayErrors(t *testing.T) {
	for _, in := range []string{"http://0\u00e0.\u05d0/", "http://[::1/", "http://\u00e9\xff/", "http://example.com/100%"} {
		if got, err := Display(in, DisplayOptions{}); err == nil {
			t.Errorf("Display(%+q) = %+q, want an error", in, got)
		}
	}
}

func TestLinkTermOf(t *testing.T) {
	tests := map[rune]LinkTerm{
		'a': LinkInclude, '/': LinkInclude, '#': LinkInclude, '.': LinkSoft, ',': LinkSoft, '!': LinkSoft,
		'?': LinkSoft, '\'': LinkSoft, '"': LinkSoft, '(': LinkOpen, ')': LinkClose, '[': LinkOpen,
		' ': LinkHard, '\n': LinkHard, 0x3000: LinkHard, 0x3002: LinkSoft, 0xFF09: LinkClose,
		0x4E2D: LinkInclude, 0x0645: LinkInclude, 0x060C: LinkSoft,
	}
	for r, want := range tests {
		if got := LinkTermOf(r); got != want {
			t.Errorf("LinkTermOf(%U) = %v, want %v", r, got, want)
		}
	}
	for c, o := range map[rune]rune{')': '(', ']': '[', '}': '{', 0xFF09: 0xFF08, 0x300D: 0x300C} {
		if got, ok := OpeningBracket(c); !ok || got != o {
			t.Errorf("OpeningBracket(%U) = %U, %v; want %U", c, got, ok, o)
		}
	}
	if _, ok := OpeningBracket('a'); ok {
		t.Error("OpeningBracket('a') reported a bracket")
	}
}
