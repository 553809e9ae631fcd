package iri

import (
	"sort"
	"strings"
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

// delimiterLookalike returns a character of the label l that looks like
// "/", "." or ":" (see the comment at the top of the file), or 0.
func delimiterLookalike(l string) rune {
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
			return r
		}
		switch asciiPrototype(r) {
		case "/", ".", ":":
			if !unicode.In(r, unicode.L, unicode.M, unicode.N) || latin {
				return r
			}
		}
	}
	return 0
}

// asciiSkeleton returns the ASCII label that l can pass for, if every
// character of l, in NFD, is ASCII or has a one-character ASCII prototype,
// and one is not ASCII (its UTS #39 skeleton is ASCII).
func asciiSkeleton(l string) (string, bool) {
	nonASCII := false
	var b strings.Builder
	for _, r := range norm.NFD.String(l) {
		if r < 0x80 {
			b.WriteRune(r)
			continue
		}
		p := asciiPrototype(r)
		if len(p) != 1 || p == "/" || p == "." || p == ":" {
			return "", false
		}
		b.WriteString(p)
		nonASCII = true
	}
	return strings.ToLower(b.String()), nonASCII
}

// spoofable reports whether the U-label l should be shown as its A-label.
// tld is the last label of the host.
func spoofable(l, tld string) bool {
	r := labelRisk(l, tld)
	return r.Delimiter != 0 || r.Confusable || r.MixedScript
}

// A LabelRisk says why Display shows a host label as its A-label
// (Section 10, UTS #39, as browsers decide it): the label could be
// mistaken for another. It is what a spoofing check reports.
type LabelRisk struct {
	Label  string // the label in Unicode (its U-label)
	ALabel string // and as an A-label

	// Delimiter is a character of the label that looks like "/", "." or
	// ":" (or a solidus overlay), so that the label reads as a path, more
	// labels or a port; 0 if none. LooksLike is the delimiter it passes
	// for (confusables.txt).
	Delimiter rune
	LooksLike string
	// Confusable reports a label that can pass for an ASCII one: each
	// character is ASCII or looks like one ASCII character and one is not
	// ASCII (a whole-script or single-script confusable: Cyrillic "аррӏе",
	// Latin "ɡoogle"), unless it is in one script other than Latin under a
	// top-level domain in that script. Skeleton is the ASCII label it
	// passes for.
	Confusable bool
	Skeleton   string
	// MixedScript reports a label whose letters mix scripts in a way
	// browsers do not show: Latin with Cyrillic, Greek or Cherokee, two
	// scripts other than Latin, and any three except the Han-based
	// Japanese, Chinese and Korean combinations. Scripts names them
	// (Unicode script names, in order of appearance).
	MixedScript bool
	Scripts     []string
}

// HostRisks returns the labels of the host name host that Display shows
// as A-labels, and why. The host may be written in Unicode or with
// A-labels ("xn--pple-43d.com" is "аpple.com"), in any case; a name that
// fails IDNA has no risks (ToURI reports it).
func HostRisks(host string) []LabelRisk {
	if isASCII(host) && !containsACE(host) && strings.IndexByte(host, '%') < 0 {
		return nil // ASCII labels are shown as they are
	}
	a, err := HostToASCII(host)
	if err != nil || !containsACE(a) {
		return nil
	}
	u, _ := hostToUnicode(a)
	labels := strings.Split(u, ".")
	tld := labels[len(labels)-1]
	if tld == "" && len(labels) > 1 {
		tld = labels[len(labels)-2]
	}
	var risks []LabelRisk
	for _, l := range labels {
		if isASCII(l) {
			continue
		}
		if r := labelRisk(l, tld); r.Delimiter != 0 || r.Confusable || r.MixedScript {
			r.Label = l
			r.ALabel, _ = hostProfile.ToASCII(l)
			risks = append(risks, r)
		}
	}
	return risks
}

// labelRisk finds why the non-ASCII U-label l would be shown as its A-label;
// tld is the last label of the host.
func labelRisk(l, tld string) LabelRisk {
	var risk LabelRisk
	risk.Delimiter = delimiterLookalike(l)
	if risk.Delimiter != 0 {
		risk.LooksLike = "/" // the solidus overlays
		if p := asciiPrototype(risk.Delimiter); p != "" {
			risk.LooksLike = p
		}
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
	if skel, ok := asciiSkeleton(l); ok {
		// Whole-script (every letter of another script looks Latin) or
		// single-script (Latin letters that look like ASCII ones)
		// confusable, unless the label is in one script other than Latin
		// and the TLD in the same: a name local to that script.
		if len(scripts) != 1 || scripts[0] == unicode.Latin || !hasScript(tld, scripts[0]) {
			risk.Confusable, risk.Skeleton = true, skel
		}
	}
	if mixedScripts(scripts) {
		risk.MixedScript = true
		for _, t := range scripts {
			risk.Scripts = append(risk.Scripts, scriptName(t))
		}
	}
	return risk
}

// mixedScripts reports whether a label with letters of these scripts mixes
// them the way spoofing does.
func mixedScripts(scripts []*unicode.RangeTable) bool {
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

// scriptName returns the Unicode name of a script table of unicode.Scripts.
func scriptName(t *unicode.RangeTable) string {
	for name, s := range unicode.Scripts {
		if s == t {
			return name
		}
	}
	return "Unknown"
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
