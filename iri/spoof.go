package iri

import "unicode"

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

// latinLookalikes holds Cyrillic and Greek lowercase letters (IDNA maps to
// lowercase) that render like Latin letters: the Cyrillic set browsers use
// for their whole-script check, and the Greek letters like o, i, k, v, p, t,
// u, x.
const latinLookalikes = "асԁеһіјӏорԗԛѕԝхуъьҽпгѵѡ" + "οικνρτυχ"

// spoofable reports whether the U-label l should be shown as its A-label.
// tld is the last label of the host.
func spoofable(l, tld string) bool {
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
	switch len(scripts) {
	case 0:
		return false
	case 1:
		s := scripts[0]
		if s != unicode.Cyrillic && s != unicode.Greek {
			return false
		}
		// Whole-script confusable: every letter looks Latin.
		for _, r := range l {
			if unicode.IsLetter(r) && !containsRune(latinLookalikes, r) {
				return false
			}
		}
		for _, r := range tld {
			if unicode.Is(s, r) {
				return false // the TLD is in the same script: a local name
			}
		}
		return true
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

func containsRune(s string, r rune) bool {
	for _, c := range s {
		if c == r {
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
