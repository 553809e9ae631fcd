package iri

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Issue 15 item 13, Section 10 of the draft and UTS #39: Display shows the
// A-label of a host label that a reader could take for something else.
func TestDisplayConfusables(t *testing.T) {
	type row struct{ name, host, want string }
	a := func(l string) string { return aLabel(l) }
	tests := []row{
		// "/", "." and ":" look-alikes (confusables.txt prototypes "/",
		// "." and ":"; U+0338 overlays a solidus): the label could be read
		// as a path, more labels or a port.
		{"division slash", "example\u2215com.org", a("example\u2215com") + ".org"},
		{"fraction slash", "example\u2044com.org", a("example\u2044com") + ".org"},
		{"big solidus", "example\u29f8com.org", a("example\u29f8com") + ".org"},
		{"long solidus overlay", "exam\u0338ple.org", a("exam\u0338ple") + ".org"},
		{"Philippine single punctuation", "example\u1735com.org", a("example\u1735com") + ".org"},
		{"Armenian full stop (a colon)", "example\u0589com.org", a("example\u0589com") + ".org"},
		{"box drawing diagonal", "example\u2571com.org", a("example\u2571com") + ".org"},
		{"ratio (a colon)", "example\u2236com.org", a("example\u2236com") + ".org"},
		{"Katakana no beside Latin", "abc\u30ceexample.jp", a("abc\u30ceexample") + ".jp"},
		// The same letters in their own script are words.
		{"Katakana no in Japanese", "\u30ce\u30fc\u30c8.jp", "\u30ce\u30fc\u30c8.jp"},
		{"Devanagari visarga in Hindi", "\u0928\u092e\u0903.in", "\u0928\u092e\u0903.in"},
		// Whole-script confusables of ASCII labels.
		{"Cyrillic scope", "\u0455\u0441\u043e\u0440\u0435.com", a("\u0455\u0441\u043e\u0440\u0435") + ".com"},
		{"Cyrillic paypal", "\u0440\u0430\u0443\u0440\u0430\u04cf.com", a("\u0440\u0430\u0443\u0440\u0430\u04cf") + ".com"},
		{"Armenian on", "\u0578\u0585.com", a("\u0578\u0585") + ".com"},
		{"Greek", "\u03bf\u03b9\u03ba\u03bf\u03c2.com", "\u03bf\u03b9\u03ba\u03bf\u03c2.com"}, // ς has no ASCII prototype
		{"Greek confusable", "\u03bf\u03bd\u03bf.com", a("\u03bf\u03bd\u03bf") + ".com"},
		// Single-script confusables: Latin letters that look ASCII.
		{"Latin script g", "\u0261oo\u0261le.com", a("\u0261oo\u0261le") + ".com"},
		{"Latin alpha", "\u0251pple.com", a("\u0251pple") + ".com"},
		{"Latin dotless i", "w\u0131k\u0131.org", a("w\u0131k\u0131") + ".org"},
		// Local names: one script, and the TLD in the same script.
		{"Cyrillic under .рф", "\u0441\u043e\u0440.\u0440\u0444", "\u0441\u043e\u0440.\u0440\u0444"},
		{"mixed under .рф", "paypa\u04cf.\u0440\u0444", a("paypa\u04cf") + "." + "\u0440\u0444"},
		// Not confusable: accents, ligatures that are not one letter,
		// scripts unlike Latin.
		{"accents", "b\u00fccher.de", "b\u00fccher.de"},
		{"ae ligature", "b\u00e6r.no", "b\u00e6r.no"},
		{"Cyrillic word", "\u043f\u0440\u0438\u043c\u0435\u0440.com", "\u043f\u0440\u0438\u043c\u0435\u0440.com"},
		{"Japanese", "\u4f8b\u3048.jp", "\u4f8b\u3048.jp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Display("http://"+tt.host+"/", DisplayOptions{Bidi: BidiNone})
			if want := "http://" + tt.want + "/"; err != nil || got != want {
				t.Errorf("Display(http://%+q/) = %+q, %v; want %+q", tt.host, got, err, want)
			}
		})
	}
	// A look-alike that IDNA maps to the real delimiter, or rejects, makes
	// no host at all: Display fails as ToURI does, nothing is shown.
	for _, h := range []string{"example\uff0fcom.org", "example\u2024com.org"} {
		if got, err := Display("http://"+h+"/", DisplayOptions{}); err == nil {
			t.Errorf("Display(http://%+q/) = %+q, want an error", h, got)
		}
	}
}

// The generated table is the shipped data file, in order.
func TestConfusableTable(t *testing.T) {
	f, err := os.Open("testdata/confusables/ascii.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		cp, err := strconv.ParseUint(strings.TrimPrefix(fields[0], "U+"), 16, 32)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if got := asciiPrototype(rune(cp)); got != fields[1] {
			t.Errorf("asciiPrototype(%U) = %q, want %q (go generate ./iri)", rune(cp), got, fields[1])
		}
		n++
	}
	if n != len(confusableRunes) {
		t.Errorf("table has %d entries, data file %d: run go generate ./iri", len(confusableRunes), n)
	}
	if asciiPrototype('\u0430') != "a" || asciiPrototype('\u2215') != "/" || asciiPrototype('a') != "" {
		t.Error("asciiPrototype: wrong answer for U+0430, U+2215 or 'a'")
	}
}
