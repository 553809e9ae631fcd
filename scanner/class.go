package scanner

import (
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/iriscan/iriscan/iri"
)

// class is the role a character plays at the end of a candidate.
type class uint8

const (
	cHard  class = iota // ends a match: whitespace, controls, non-IRI characters
	cBody               // part of a match
	cSoft               // part of a match only when more body follows (trailing punctuation)
	cOpen               // opening bracket
	cClose              // closing bracket: kept only when balanced
)

type runeRange struct{ lo, hi rune }

// asciiClass classifies the ASCII characters. IRI characters (RFC 3987bis
// Section 2.2) are body characters except the sentence punctuation of rule 5,
// which is soft. Of the printable ASCII characters outside the IRI syntax,
// the peers keep \ and ^ (UTS #58 Link_Term Include, GFM, linkify-it,
// robinst/linkify) and so does the scanner; [ ] { } are brackets kept when
// balanced; | and ` (Include in UTS #58, kept by GFM and linkify-it, an end
// for robinst/linkify) are soft, so that a table bar or a code-span
// backtick after a link stays out of it; the quote " is soft. Each of them
// is percent-encoded in Match.IRI (see iriForm). < and > end a match.
var asciiClass = func() (t [128]class) {
	for c := 0x21; c < 0x7f; c++ {
		t[c] = cBody
	}
	for _, c := range ".,:;!?'\"*|`" {
		t[c] = cSoft
	}
	for _, c := range `([{` {
		t[c] = cOpen
	}
	for _, c := range `)]}` {
		t[c] = cClose
	}
	for _, c := range "<>" {
		t[c] = cHard
	}
	return t
}()

// inRanges reports whether r lies in one of the sorted ranges.
func inRanges(r rune, rs []runeRange) bool {
	i := sort.Search(len(rs), func(i int) bool { return rs[i].hi >= r })
	return i < len(rs) && rs[i].lo <= r
}

// hardRunes are non-ASCII IRI characters (ucschar) that nevertheless end a
// match (rules 3 and 5): whitespace of every kind, bidi formatting
// characters, invisible separators, CJK sentence and clause punctuation
// (ending a match even when letters follow, unlike UTS #58 where they are
// Soft), and the full-width forms of ASCII punctuation.
var hardRunes = []runeRange{
	{0x00A0, 0x00A0}, // NO-BREAK SPACE
	{0x061C, 0x061C}, // ARABIC LETTER MARK
	{0x1680, 0x1680}, // OGHAM SPACE MARK
	{0x180E, 0x180E}, // MONGOLIAN VOWEL SEPARATOR
	{0x2000, 0x200B}, // spaces, ZERO WIDTH SPACE
	{0x200E, 0x200F}, // LRM, RLM
	{0x2028, 0x202F}, // line/paragraph separators, LRE..RLO, NNBSP
	{0x205F, 0x2060}, // MEDIUM MATHEMATICAL SPACE, WORD JOINER
	{0x2066, 0x2069}, // LRI..PDI
	{0x3000, 0x3002}, // IDEOGRAPHIC SPACE, 、 。
	{0xFE10, 0xFE19}, // vertical forms of CJK punctuation
	{0xFE30, 0xFE34}, // vertical forms
	{0xFE50, 0xFE58}, // small forms of punctuation
	{0xFE5F, 0xFE6B}, // small forms
	{0xFEFF, 0xFEFF}, // ZERO WIDTH NO-BREAK SPACE
	{0xFF01, 0xFF07}, // ！＂＃＄％＆＇
	{0xFF0A, 0xFF0F}, // ＊＋，－．／
	{0xFF1A, 0xFF20}, // ：；＜＝＞？＠
	{0xFF3C, 0xFF3C}, // ＼
	{0xFF3E, 0xFF40}, // ＾＿｀
	{0xFF5C, 0xFF5C}, // ｜
	{0xFF5E, 0xFF5E}, // ～
	{0xFF61, 0xFF61}, // ｡
	{0xFF64, 0xFF65}, // ､ ･
}

// smallClass caches classOfSlow for the code points below U+3100 (Latin,
// Greek, Cyrillic, Arabic, Indic …, CJK punctuation, kana), which do not
// depend on inQuery. It is filled from the generated smallClassRuns
// (class_table.go), which TestSmallClassRuns holds to classOfSlow:
// classifying each code point at start-up took 0.78 ms of every run.
var smallClass = func() (t [0x3100]class) {
	for i, run := range smallClassRuns {
		end := len(t)
		if i+1 < len(smallClassRuns) {
			end = int(smallClassRuns[i+1].from)
		}
		for r := int(run.from); r < end; r++ {
			t[r] = run.c
		}
	}
	return t
}()

// A classRun is a run of code points of one class, from code point from.
type classRun struct {
	from uint16
	c    class
}

// isCJKLetterBlock reports whether r is in CJK Unified Ideographs (and
// Extension A) or Hangul Syllables, all IRI body characters.
func isCJKLetterBlock(r rune) bool {
	return r >= 0x3400 && r <= 0x4DBF || r >= 0x4E00 && r <= 0x9FFF || r >= 0xAC00 && r <= 0xD7A3
}

// classOf classifies a non-ASCII rune (see classOfSlow), from tables for the
// common scripts.
func classOf(r rune, inQuery bool) class {
	if r < rune(len(smallClass)) {
		return smallClass[r]
	}
	if isCJKLetterBlock(r) {
		return cBody
	}
	return classOfSlow(r, inQuery)
}

// classOfSlow classifies a non-ASCII rune: IRI characters (ucschar; iprivate
// in the query only) are body characters unless listed in hardRunes or a
// bidi formatting character; their UTS #58 Link_Term makes them Soft or a
// bracket.
func classOfSlow(r rune, inQuery bool) class {
	if !iri.IsUcschar(r) {
		if inQuery && iri.IsIprivate(r) {
			return cBody
		}
		return cHard
	}
	if iri.IsBidiFormatting(r) || inRanges(r, hardRunes) {
		return cHard
	}
	switch iri.LinkTermOf(r) {
	case iri.LinkSoft:
		return cSoft
	case iri.LinkOpen:
		return cOpen
	case iri.LinkClose:
		return cClose
	}
	if r == 0x2025 || r == 0x2026 { // ‥ … (rule 5)
		return cSoft
	}
	return cBody
}

// matches reports whether the closing bracket c closes the opening bracket
// o (UTS #58 LinkBracket.txt).
func matches(o, c rune) bool {
	if c < utf8.RuneSelf {
		return asciiOpening[c] == o && o != 0
	}
	op, ok := iri.OpeningBracket(c)
	return ok && op == o
}

// asciiOpening is iri.OpeningBracket for the ASCII closing brackets (0 for
// any other byte), as a table.
var asciiOpening = func() (t [utf8.RuneSelf]rune) {
	for c := range t {
		t[c], _ = iri.OpeningBracket(rune(c))
	}
	return t
}()

// isLabelDot reports whether r separates host labels: '.', and U+3002,
// U+FF0E, U+FF61, which IDNA maps to '.'.
func isLabelDot(r rune) bool {
	return r == '.' || r == 0x3002 || r == 0xFF0E || r == 0xFF61
}

// isCJK reports whether r belongs to a script written without spaces
// between words (Han, Hiragana, Katakana, Hangul) or to the CJK symbol and
// full-width blocks. A domain written in ASCII and glued to such text ends
// where the CJK text begins.
func isCJK(r rune) bool {
	if r < 0x1100 {
		return false
	}
	return r >= 0x3000 && r <= 0x30FF || r >= 0xFF00 && r <= 0xFFEF || isCJKLetterBlock(r) ||
		unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}
