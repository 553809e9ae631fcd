package iri

import "unicode"

// Character classes of RFC 3986 and draft-duerst-iri-bis-07 Section 2.2.
//
// The ASCII classes live in one table of bit flags indexed by byte so that the
// hot loops of the conversions test a byte with a single load.

const (
	cUnreserved = 1 << iota // ALPHA / DIGIT / "-" / "." / "_" / "~"
	cSubDelim               // "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	cGenDelim               // ":" / "/" / "?" / "#" / "[" / "]" / "@"
	cHex                    // HEXDIG
	cScheme                 // ALPHA / DIGIT / "+" / "-" / "."
	cAlpha                  // ALPHA
	cDigit                  // DIGIT
)

var asciiClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= cUnreserved | cScheme | cAlpha
		t[c-'a'+'A'] |= cUnreserved | cScheme | cAlpha
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= cUnreserved | cScheme | cHex | cDigit
	}
	for _, c := range "abcdefABCDEF" {
		t[c] |= cHex
	}
	for _, c := range "-._~" {
		t[c] |= cUnreserved
	}
	for _, c := range "+-." {
		t[c] |= cScheme
	}
	for _, c := range "!$&'()*+,;=" {
		t[c] |= cSubDelim
	}
	for _, c := range ":/?#[]@" {
		t[c] |= cGenDelim
	}
	return t
}()

// component identifies the part of an IRI a character appears in; the set of
// characters allowed as themselves differs between components (RFC 3986
// Section 3).
type component uint8

const (
	compUserinfo component = iota
	compHost               // reg-name
	compPath
	compQuery
	compFragment
	numComponents
)

// uriAllowed[comp][b] reports whether ASCII byte b may appear literally (not
// percent-encoded) in the given URI component. "%" is handled separately.
var uriAllowed = func() (t [numComponents][128]bool) {
	for c := 0; c < 128; c++ {
		base := asciiClass[c]&(cUnreserved|cSubDelim) != 0
		t[compUserinfo][c] = base || c == ':'
		t[compHost][c] = base
		t[compPath][c] = base || c == ':' || c == '@' || c == '/'
		t[compQuery][c] = t[compPath][c] || c == '?'
		t[compFragment][c] = t[compQuery][c]
	}
	return t
}()

func isHex(c byte) bool   { return asciiClass[c]&cHex != 0 }
func isAlpha(c byte) bool { return asciiClass[c]&cAlpha != 0 }
func isDigit(c byte) bool { return asciiClass[c]&cDigit != 0 }
func isSchemeChar(c byte) bool {
	return asciiClass[c]&cScheme != 0
}

// isUnreservedASCII reports whether c is an RFC 3986 unreserved character.
func isUnreservedASCII(c byte) bool { return asciiClass[c]&cUnreserved != 0 }

// isReservedASCII reports whether c is an RFC 3986 reserved character
// (gen-delims or sub-delims).
func isReservedASCII(c byte) bool { return asciiClass[c]&(cGenDelim|cSubDelim) != 0 }

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

const upperHex = "0123456789ABCDEF"

// IsUcschar reports whether r is in the ucschar production of
// draft-duerst-iri-bis-07 Section 2.2: the non-ASCII characters an IRI may
// contain literally in any component.
func IsUcschar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xF900:
		return false
	case r <= 0xFDCF:
		return true
	case r < 0xFDF0:
		return false
	case r <= 0xFFEF:
		return true
	case r < 0x10000 || r > 0xEFFFD:
		return false
	case r >= 0xE0000 && r < 0xE1000:
		return false
	}
	// Planes 1 to 14: everything but the last two code points of each plane.
	return r&0xFFFF <= 0xFFFD
}

// IsIprivate reports whether r is in the iprivate production of Section 2.2:
// private-use (and, in this draft, tag) code points, allowed only in the query.
func IsIprivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF ||
		r >= 0xE0000 && r <= 0xE0FFF ||
		r >= 0xF0000 && r <= 0xFFFFD ||
		r >= 0x100000 && r <= 0x10FFFD
}

// IsBidiFormatting reports whether r is a bidirectional formatting character:
// the marks and embeddings Section 4.1 forbids in IRIs (LRM, RLM, LRE, RLE,
// PDF, LRO, RLO) and, by the same reasoning, the later isolates LRI, RLI, FSI,
// PDI and the ARABIC LETTER MARK.
func IsBidiFormatting(r rune) bool {
	switch r {
	case 0x200E, 0x200F, 0x061C:
		return true
	}
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}

// invisibleOrSpace holds the ucschar code points that URI-to-IRI conversion
// keeps percent-encoded under Section 6.1 (b): look-alikes of space (Zs, Zl,
// Zp) and default-ignorable characters that render as nothing and so could not
// be transcribed. ZWNJ and ZWJ are not in it: Persian, Indic and emoji
// spellings need them (IDNA allows them in context, RFC 5892 Appendix A).
var invisibleOrSpace = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x00A0, 0x00A0, 1}, // NO-BREAK SPACE
		{0x00AD, 0x00AD, 1}, // SOFT HYPHEN
		{0x034F, 0x034F, 1}, // COMBINING GRAPHEME JOINER
		{0x115F, 0x1160, 1}, // HANGUL CHOSEONG/JUNGSEONG FILLER
		{0x1680, 0x1680, 1}, // OGHAM SPACE MARK
		{0x17B4, 0x17B5, 1}, // KHMER VOWEL INHERENT AQ/AA
		{0x180B, 0x180F, 1}, // MONGOLIAN FVS1-3, MVS, FVS4
		{0x2000, 0x200B, 1}, // EN QUAD .. ZERO WIDTH SPACE
		{0x2028, 0x2029, 1}, // LINE/PARAGRAPH SEPARATOR
		{0x202F, 0x202F, 1}, // NARROW NO-BREAK SPACE
		{0x205F, 0x2064, 1}, // MEDIUM MATHEMATICAL SPACE .. INVISIBLE PLUS
		{0x206A, 0x206F, 1}, // deprecated format characters
		{0x3000, 0x3000, 1}, // IDEOGRAPHIC SPACE
		{0x3164, 0x3164, 1}, // HANGUL FILLER
		{0xFE00, 0xFE0F, 1}, // VARIATION SELECTORS (invisible alone)
		{0xFEFF, 0xFEFF, 1}, // ZERO WIDTH NO-BREAK SPACE (BOM)
		{0xFFA0, 0xFFA0, 1}, // HALFWIDTH HANGUL FILLER
	},
	R32: []unicode.Range32{
		{0x1BCA0, 0x1BCA3, 1}, // SHORTHAND FORMAT CONTROLS
		{0x1D173, 0x1D17A, 1}, // MUSICAL SYMBOL format controls
	},
}

// keepEncoded reports whether URI-to-IRI conversion (Section 3.7 step 4) must
// leave the character r percent-encoded: it is not allowed in an IRI
// (Section 2.2: outside ucschar, which excludes controls, surrogates,
// specials, non-characters, tags and private use — private use stays encoded
// even in the query, as Section 7.3 advises), it is a bidi formatting
// character (Section 4.1), or it is a space look-alike or invisible
// character (Section 6.1).
func keepEncoded(r rune) bool {
	if !IsUcschar(r) || IsBidiFormatting(r) {
		return true
	}
	if r < 0x3000 || r >= 0xFE00 {
		return unicode.Is(invisibleOrSpace, r)
	}
	return r == 0x3000 || r == 0x3164
}
