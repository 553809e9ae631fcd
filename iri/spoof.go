package iri

import (
	"sort"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

//go:generate go run gen_confusables.go

// Spoofing checks for host labels shown in the display form (Section 10).
//
// The rules follow what browsers do for IDN display (the "moderately
// restrictive" profile of Unicode UTS #39 plus a whole-script confusable
// check): a label is shown as Unicode if its letters come from one script,
// or from Latin together with the Han-based Japanese, Chinese or Korean
// combinations, or from Latin and one other script that is not Cyrillic,
// Greek or Cherokee (whose letters look like Latin ones). A label written
// only with Cyrillic or Greek letters that all look like Latin letters is
// spoofable under a top-level domain that is not itself in that script.
//
// Two checks use Unicode's confusables data (UTS #39, confusable_table.go),
// as Chrome's IDN display policy does:
//   - a label with a character that looks like "/", "." or ":" (U+2215
//     DIVISION SLASH, U+2044 FRACTION SLASH, U+0589 ARMENIAN FULL STOP,
//     U+2024 ONE DOT LEADER, ...) or the overlays U+0337 and U+0338 could
//     be read as more than one label, a path or a port: shown as an
//     A-label. Letters among these look-alikes (Katakana "ノ", Devanagari
//     visarga, Persian digit zero) force it only beside Latin letters,
//     since their own scripts use them;
//   - a whole-script or single-script confusable of an ASCII label (its
//     UTS #39 skeleton is ASCII: "ѕсоре" in Cyrillic, "ɡооɡ" with Latin
//     script g) is shown as an A-label, unless the top-level domain is in
//     the label's script (a local name, such as "сор.рф"). Only
//     one-to-one prototypes count, so "bær" (æ is "ae") stays.

// scriptOrder lists the scripts looked up first; others are found through
// unicode.Scripts.
var scriptOrder = []*unicode.RangeTable{
	unicode.Latin, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
	unicode.Cyrillic, unicode.Greek, unicode.Arabic, unicode.Hebrew, unicode.Devanagari,
	unicode.Thai, unicode.Bopomofo,
}

// scriptOf returns the script table of r, or nil for Common and Inherited
// characters (digits, punctuation, combining marks), which go with any script.
func scriptOf(r rune) *unicode.RangeTable {
	if unicode.Is(unicode.Common, r) || unicode.Is(unicode.Inherited, r) {
		return nil
	}
	for _, t := range scriptOrder {
		if unicode.Is(t, r) {
			return t
		}
	}
	for _, t := range unicode.Scripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	return nil
}

// asciiPrototype returns the ASCII prototype of the non-ASCII character r
// in Unicode's confusables.txt, or "".
func asciiPrototype(r rune) string {
	i := sort.Search(len(confusableRunes), func(i int) bool { return confusableRunes[i] >= r })
	if i < len(confusableRunes) && confusableRunes[i] == r {
		return confusableProtos[i]
	}
	return ""
}

// hasDelimiterLookalike reports whether the label l has a character that
// looks like "/", "." or ":" (see the comment at the top of the file).
func hasDelimiterLookalike(l string) bool {
	latin := false
	for _, r := range l {
		if r < 0x80 {
			latin = latin || isAlpha(byte(r))
		} else if unicode.Is(unicode.Latin, r) {
			latin = true
		}
	}
	for _, r := range l {
		if r < 0x80 {
			continue
		}
		if r == 0x0337 || r == 0x0338 { // COMBINING SHORT/LONG SOLIDUS OVERLAY
			return true
		}
		switch asciiPrototype(r) {
		case "/", ".", ":":
			if !unicode.In(r, unicode.L, unicode.M, unicode.N) || latin {
				return true
			}
		}
	}
	return false
}

// asciiConfusable reports whether every character of the label l, in NFD,
// is ASCII or has a one-character ASCII prototype, and one is not ASCII:
// the label can pass for an ASCII label (its UTS #39 skeleton is ASCII).
func asciiConfusable(l string) bool {
	nonASCII := false
	for _, r := range norm.NFD.String(l) {
		if r < 0x80 {
			continue
		}
		if p := asciiPrototype(r); len(p) != 1 || p == "/" || p == "." || p == ":" {
			return false
		}
		nonASCII = true
	}
	return nonASCII
}

// spoofable reports whether the U-label l should be shown as its A-label.
// tld is the last label of the host.
func spoofable(l, tld string) bool {
	if hasDelimiterLookalike(l) {
		return true
	}
	var scripts []*unicode.RangeTable
	for _, r := range l {
		s := scriptOf(r)
		if s == nil {
			continue
		}
		seen := false
		for _, t := range scripts {
			if t == s {
				seen = true
				break
			}
		}
		if !seen {
			scripts = append(scripts, s)
		}
	}
	if asciiConfusable(l) {
		// Whole-script (every letter of another script looks Latin) or
		// single-script (Latin letters that look like ASCII ones)
		// confusable, unless the label is in one script other than Latin
		// and the TLD in the same: a name local to that script.
		if len(scripts) != 1 || scripts[0] == unicode.Latin || !hasScript(tld, scripts[0]) {
			return true
		}
	}
	switch len(scripts) {
	case 0, 1:
		return false
	}
	has := func(t *unicode.RangeTable) bool {
		for _, s := range scripts {
			if s == t {
				return true
			}
		}
		return false
	}
	// Highly restrictive combinations: Latin with the scripts of Japanese,
	// Chinese and Korean writing.
	cjk := 0
	for _, s := range scripts {
		switch s {
		case unicode.Latin:
		case unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Bopomofo, unicode.Hangul:
			cjk++
		}
	}
	if cjk+boolInt(has(unicode.Latin)) == len(scripts) {
		japanese := !has(unicode.Bopomofo) && !has(unicode.Hangul)
		chinese := !has(unicode.Hiragana) && !has(unicode.Katakana) && !has(unicode.Hangul)
		korean := !has(unicode.Hiragana) && !has(unicode.Katakana) && !has(unicode.Bopomofo)
		if japanese || chinese || korean {
			return false
		}
	}
	// Moderately restrictive: Latin plus one other script, not one whose
	// letters are confusable with Latin.
	if len(scripts) == 2 && has(unicode.Latin) {
		other := scripts[0]
		if other == unicode.Latin {
			other = scripts[1]
		}
		return other == unicode.Cyrillic || other == unicode.Greek || other == unicode.Cherokee
	}
	return true
}

// hasScript reports whether s has a character of the script t.
func hasScript(s string, t *unicode.RangeTable) bool {
	for _, r := range s {
		if unicode.Is(t, r) {
			return true
		}
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
