package iri

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/iriscan/iriscan/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/unicode/norm"
)

// A Converter converts IRI references between their forms. Its zero value is
// ready to use and assumes a UCS-based document (UTF-8 or UTF-16).
//
// A Converter is safe for concurrent use if its fields are not changed.
type Converter struct {
	// Charset is the character encoding of the document the references
	// come from, or nil for a UCS-based one. A non-UCS charset (anything
	// but UTF-8 and UTF-16) changes two things, as the draft asks:
	//   - Section 3.1: the reference is normalized to NFC before conversion,
	//     since transcoding from a legacy charset may produce decomposed text;
	//   - Section 3.5: the query of an http or https reference is encoded in
	//     this charset rather than UTF-8 before percent-encoding, and a
	//     character the charset cannot represent becomes the numeric
	//     character reference "&#N;" first, as browsers do.
	Charset *charset.Charset

	// Bidi selects how the display form marks a bidirectional IRI.
	Bidi BidiMode
}

// ToURI maps an IRI reference to a URI reference with the zero Converter
// (UTF-8 document). See Converter.ToURI.
func ToURI(s string) (string, error) {
	var c Converter
	return c.ToURI(s)
}

// ToIRI maps a URI reference to an IRI reference with the zero Converter.
// See Converter.ToIRI.
func ToIRI(s string) (string, error) {
	var c Converter
	return c.ToIRI(s)
}

// legacy reports whether c.Charset is set and not UCS-based. The WHATWG
// "replacement" encoding writes UTF-8, so it counts as UCS-based here.
func (c *Converter) legacy() bool {
	return c.Charset != nil && !c.Charset.IsUCS() && c.Charset.Name() != "replacement"
}

// prepare applies Section 3.1 to s: NFC for references from a non-UCS
// document, nothing otherwise.
func (c *Converter) prepare(s string) string {
	if c.legacy() && !isASCII(s) && !norm.NFC.IsNormalString(s) {
		return norm.NFC.String(s)
	}
	return s
}

// parse prepares s as the Converter's charset asks (see prepare) and
// parses it, refusing a host that no conversion may write (checkHost): the
// first step of every conversion. It returns the prepared string, and for
// a reg-name with non-ASCII characters the URI form of the host that
// checkHost made (so that toURI need not convert it again), else "".
func (c *Converter) parse(s string) (string, IRI, string, error) {
	s = c.prepare(s)
	u, err := Parse(s)
	var host string
	if err == nil {
		host, err = u.checkHost()
	}
	return s, u, host, err
}

// ToURI maps an IRI reference to a URI reference (Sections 3.3 to 3.6).
//
// Every character not allowed in a URI is converted to UTF-8 and
// percent-encoded with uppercase hex digits; existing percent-encodings are
// copied as they are, so ToURI is the identity on URI references and
// idempotent. A reg-name host with non-ASCII characters is converted by IDNA
// ToASCII (HostToASCII) and never percent-encoded. The query of an http or
// https reference from a non-UCS document is encoded in the document charset
// (Section 3.5, see Converter.Charset).
//
// The error is a Violation with the byte offset of the fault, and the input
// is returned unchanged with it:
//   - a structural fault found by Parse;
//   - a "%" not followed by two hex digits (CodeBadPercent): the string is
//     not an IRI (Section 2.2 pct-encoded), and guessing "%25" would name
//     another resource than the one a browser, which keeps the "%", reaches;
//   - a reg-name host with a character no reg-name allows (a space, "<",
//     "\", ...; CodeCharNotAllowed), a percent-encoded host that does not
//     decode to a valid name, or a non-ASCII host that fails IDNA
//     (CodeBadHost): a host is never percent-encoded to make it fit;
//   - input that is not UTF-8.
func (c *Converter) ToURI(s string) (string, error) {
	s, u, host, err := c.parse(s)
	if err != nil {
		return s, err
	}
	return c.toURI(s, &u, host)
}

// toURI is ToURI after the parse, which gave host (see parse).
func (c *Converter) toURI(s string, u *IRI, host string) (string, error) {
	if !c.uriNeedsChange(u) {
		return s, nil
	}
	b, err := c.appendURI(make([]byte, 0, len(s)+len(s)/2+8), s, u, host)
	if err != nil {
		return s, err
	}
	return bytesToString(b), nil
}

// Forms returns both forms of the reference s from one parse: what ToIRI
// and ToURI return for s, each with its own error, at the cost of one
// Parse (a caller printing both, such as iriscan extract, halves its
// parsing). A fault Parse finds is the error of both.
func (c *Converter) Forms(s string) (iriForm string, iriErr error, uriForm string, uriErr error) {
	s, u, host, err := c.parse(s)
	if err != nil {
		return s, err, s, err
	}
	if u.plainURI(s) {
		return s, nil, s, nil
	}
	iriForm, iriErr = c.toIRI(s, &u)
	uriForm, uriErr = c.toURI(s, &u, host)
	return iriForm, iriErr, uriForm, uriErr
}

// plainURI reports whether the parsed reference s is its own IRI form
// and its own URI form, by one look at its bytes: ASCII (no UTF-8 to
// percent-encode, Section 3.6, nor NFC to apply, Section 3.1), no "%"
// (no percent-encoding for Section 3.7 to decode), every character of
// userinfo, path, query and fragment allowed there literally (RFC 3986:
// a space, '"', '<', '>', '\', '^', '`', '{', '|', '}', or '@' in the
// userinfo, is encoded by both conversions), no "xn--" label in a reg-name
// (step 6 turns A-labels into U-labels), and no mailto, whose addresses
// both conversions treat apart. The host was checked by parse. toIRI and
// toURI return s for such a reference: Forms takes it as it is.
func (u *IRI) plainURI(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || s[i] == '%' {
			return false
		}
	}
	return !u.isMailto() && (u.HostKind != HostRegName || !containsACE(u.Host)) &&
		(!u.HasUserinfo || firstToEncode(compUserinfo, u.Userinfo) < 0) &&
		firstToEncode(compPath, u.Path) < 0 &&
		(!u.HasQuery || firstToEncode(compQuery, u.Query) < 0) &&
		(!u.HasFragment || firstToEncode(compFragment, u.Fragment) < 0)
}

// AppendURI appends the URI form of the IRI reference s to dst. It is
// ToURI for callers that reuse a buffer: it allocates nothing when s is
// already a URI.
func (c *Converter) AppendURI(dst []byte, s string) ([]byte, error) {
	s, u, host, err := c.parse(s)
	if err != nil {
		return dst, err
	}
	if !c.uriNeedsChange(&u) {
		return append(dst, s...), nil
	}
	n := len(dst)
	out, err := c.appendURI(dst, s, &u, host)
	if err != nil {
		return dst[:n], err
	}
	return out, nil
}

// uriNeedsChange reports whether some component of u is not yet in URI form.
func (c *Converter) uriNeedsChange(u *IRI) bool {
	return u.HasUserinfo && firstToEncode(compUserinfo, u.Userinfo) >= 0 ||
		u.HostKind == HostRegName && firstToEncode(compHost, u.Host) >= 0 ||
		firstToEncode(compPath, u.Path) >= 0 ||
		u.HasQuery && firstToEncode(compQuery, u.Query) >= 0 ||
		u.HasFragment && firstToEncode(compFragment, u.Fragment) >= 0
}

// firstToEncode returns the offset of the first byte of s that IRI-to-URI
// conversion changes in the given component, or -1.
func firstToEncode(comp component, s string) int {
	allowed := &uriAllowed[comp]
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b >= utf8.RuneSelf {
			return i
		}
		if b == '%' {
			if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				i += 2
				continue
			}
			return i
		}
		if !allowed[b] {
			return i
		}
	}
	return -1
}

// appendURI appends the URI form of the parsed reference s; host is the
// URI form of its host when parse made it, else "".
func (c *Converter) appendURI(dst []byte, s string, u *IRI, host string) ([]byte, error) {
	var err error
	if u.Scheme != "" {
		dst = append(dst, u.Scheme...)
		dst = append(dst, ':')
	}
	if u.HasAuthority {
		dst = append(dst, '/', '/')
		if u.HasUserinfo {
			if dst, err = appendEncoded(dst, compUserinfo, u.Userinfo, u.UserinfoOffset); err != nil {
				return dst, err
			}
			dst = append(dst, '@')
		}
		if host == "" {
			if host, err = u.uriHost(); err != nil {
				return dst, err
			}
		}
		dst = append(dst, host...)
		if u.HasPort {
			dst = append(dst, ':')
			dst = append(dst, u.Port...)
		}
	}
	if u.isMailto() {
		dst, err = appendMailtoURI(dst, u.Path, u.PathOffset)
	} else {
		dst, err = appendEncoded(dst, compPath, u.Path, u.PathOffset)
	}
	if err != nil {
		return dst, err
	}
	if u.HasQuery {
		dst = append(dst, '?')
		if c.legacy() && !isASCII(u.Query) && (strings.EqualFold(u.Scheme, "http") || strings.EqualFold(u.Scheme, "https")) {
			dst, err = c.appendLegacyQuery(dst, u.Query, u.QueryOffset)
		} else {
			dst, err = appendEncoded(dst, compQuery, u.Query, u.QueryOffset)
		}
		if err != nil {
			return dst, err
		}
	}
	if u.HasFragment {
		dst = append(dst, '#')
		if dst, err = appendEncoded(dst, compFragment, u.Fragment, u.FragmentOffset); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// uriHost returns the URI form of the host of u (Sections 3.3 and 3.4): IP
// addresses as they are, a reg-name by uriRegName.
func (u *IRI) uriHost() (string, error) {
	if u.HostKind != HostRegName {
		return u.Host, nil
	}
	return uriRegName(u.Host, u.HostOffset)
}

// uriRegName returns the URI form of a DNS name found at byte off of the
// reference: an ASCII name as it is; a name with non-ASCII characters, after
// decoding its percent-encoded octets, by HostToASCII. It is never
// percent-encoded: an ASCII character that no reg-name allows (RFC 3986
// Section 3.2.2: unreserved, sub-delims and percent-encodings only) or a
// stray "%" is an error at its offset.
func uriRegName(host string, off int) (string, error) {
	if i := badHostByte(host); i >= 0 {
		return "", hostCharViolation(host, off, i)
	}
	if isASCII(host) {
		return host, nil
	}
	if i := invalidUTF8(host); i >= 0 {
		return "", Violation{Offset: off + i, Code: CodeInvalidUTF8, Char: -1}
	}
	// Percent-encoded octets in a host that is being converted are part of
	// the name: decode them (as UTF-8) before ToASCII.
	if strings.IndexByte(host, '%') >= 0 {
		host = percentDecode(host)
	}
	a, err := HostToASCII(host)
	if err != nil {
		return "", Violation{Offset: off, Code: CodeBadHost, Char: -1, Detail: err.Error()}
	}
	return a, nil
}

// appendEncoded appends the URI form of one component (Section 3.3): UTF-8
// percent-encoding of every character not allowed in it. A "%" that does not
// start a percent-encoding is an error (CodeBadPercent). off is the
// component's offset in the reference, for errors.
func appendEncoded(dst []byte, comp component, s string, off int) ([]byte, error) {
	allowed := &uriAllowed[comp]
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return dst, Violation{Offset: off + i, Code: CodeInvalidUTF8, Char: -1}
			}
			for j := 0; j < size; j++ {
				dst = appendPct(dst, s[i+j])
			}
			i += size - 1
		case b == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return dst, badPercent(comp, off+i)
			}
			dst = append(dst, s[i:i+3]...)
			i += 2
		case allowed[b]:
			dst = append(dst, b)
		default:
			dst = appendPct(dst, b)
		}
	}
	return dst, nil
}

// appendLegacyQuery implements Section 3.5: each run of non-ASCII characters
// of the query is encoded in the document charset, a character the charset
// cannot represent is first replaced by the decimal numeric character
// reference "&#N;" (what HTML user agents send), and every resulting byte
// except unreserved ASCII is percent-encoded. ASCII text is handled as in
// Section 3.3, as in any ASCII-compatible charset.
func (c *Converter) appendLegacyQuery(dst []byte, q string, off int) ([]byte, error) {
	enc := encoding.HTMLEscapeUnsupported(c.Charset.Encoding().NewEncoder())
	premap := jisPremap(c.Charset.Name())
	for i := 0; i < len(q); {
		if q[i] < utf8.RuneSelf {
			j := i + 1
			for j < len(q) && q[j] < utf8.RuneSelf {
				j++
			}
			var err error
			if dst, err = appendEncoded(dst, compQuery, q[i:j], off+i); err != nil {
				return dst, err
			}
			i = j
			continue
		}
		j := i
		for j < len(q) && q[j] >= utf8.RuneSelf {
			j++
		}
		if k := invalidUTF8(q[i:j]); k >= 0 {
			return dst, Violation{Offset: off + i + k, Code: CodeInvalidUTF8, Char: -1}
		}
		run := q[i:j]
		if premap != nil {
			run = strings.Map(premap, run)
		}
		enc.Reset()
		b, err := enc.String(run)
		if err != nil {
			return dst, Violation{Offset: off + i, Code: CodeCharNotAllowed, Char: charAt(q, i), Detail: "query not encodable in the document charset: " + err.Error()}
		}
		for k := 0; k < len(b); k++ {
			if b[k] < utf8.RuneSelf && isUnreservedASCII(b[k]) {
				dst = append(dst, b[k])
			} else {
				dst = appendPct(dst, b[k])
			}
		}
		i = j
	}
	return dst, nil
}

// jisPremap returns the mapping the WHATWG Encoding Standard applies before
// the Japanese encoders and golang.org/x/text does not: U+2212 MINUS SIGN is
// sent as U+FF0D FULLWIDTH HYPHEN-MINUS (JIS X 0208 0x817C in Shift_JIS),
// and for Shift_JIS and EUC-JP, U+00A5 YEN SIGN and U+203E OVERLINE are the
// bytes 0x5C and 0x7E (JIS X 0201 Roman). It returns nil for other charsets.
func jisPremap(name string) func(rune) rune {
	switch name {
	case "shift_jis", "euc-jp":
		return func(r rune) rune {
			switch r {
			case 0x2212:
				return 0xFF0D
			case 0x00A5:
				return '\\'
			case 0x203E:
				return '~'
			}
			return r
		}
	case "iso-2022-jp":
		return func(r rune) rune {
			if r == 0x2212 {
				return 0xFF0D
			}
			return r
		}
	}
	return nil
}

func appendPct(dst []byte, b byte) []byte {
	return append(dst, '%', upperHex[b>>4], upperHex[b&15])
}

// bytesToString returns the bytes of b as a string without copying them,
// as strings.Builder does. b must be a buffer of the caller's that is never
// written again.
func bytesToString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// invalidUTF8 returns the offset of the first byte of s that is not part of
// a valid UTF-8 sequence, or -1.
func invalidUTF8(s string) int {
	if utf8.ValidString(s) {
		return -1
	}
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return i
			}
		}
	}
	return -1
}

// percentDecode decodes every percent-encoding of s.
func percentDecode(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// ToIRI maps a URI reference to an IRI reference by steps 1 to 6 of Section
// 3.7, and returns a valid IRI reference (Validate reports nothing for it).
//
// Percent-encodings are decoded where they form strict UTF-8 (no overlong
// forms, surrogates, code points above U+10FFFF or truncated sequences) of
// characters appropriate in an IRI; kept encoded are "%", reserved
// characters, ASCII characters not allowed in URIs, and the characters
// Sections 2.2, 4.1 and 6.1 keep out of IRIs: controls, non-characters,
// specials, private use (even in the query), tags, bidi formatting
// characters, and space look-alikes and invisible characters. Octets that
// are re-encoded are written with uppercase hex digits; triplets left alone
// keep their case. A reg-name host is decoded only if the result is a valid
// IDNA name, and its "xn--" labels become Unicode where they are valid
// (step 6).
//
// The input may already contain non-ASCII characters; those an IRI allows
// are kept. A character that the component does not allow is
// percent-encoded as ToURI would, so that the result is an IRI: a space is
// "%20", a bidi formatting character (U+200E, U+200F, U+061C, U+202A to
// U+202E, U+2066 to U+2069; Section 4.1) is encoded, and so are controls,
// non-characters, specials, and private-use characters outside the query
// (Section 2.2).
//
// For a URI, ToURI of the result gives the URI back, up to the case of
// percent-encodings and percent-encoded unreserved characters (and a
// percent-encoded host, which comes back as its A-label).
//
// ToIRI fails, returning s and a Violation with its offset, where no IRI
// can be made without guessing: a structural fault (see Parse), a "%" not
// followed by two hex digits, bytes that are not UTF-8, and a reg-name host
// with a character no reg-name allows or, if it has non-ASCII characters
// (written or percent-encoded), one that fails the IDNA profile of Section
// 3.4. An ASCII host name is copied as it is written, valid A-labels aside
// (step 6): the one thing in the result that Validate may still report is
// such a name that the IDNA profile rejects, such as "xn--0ca24w" or
// "r3---sn-abc.example", which RFC 3986 allows as a reg-name.
func (c *Converter) ToIRI(s string) (string, error) {
	s, u, _, err := c.parse(s)
	if err != nil {
		return s, err
	}
	return c.toIRI(s, &u)
}

// toIRI is ToIRI after the parse.
func (c *Converter) toIRI(s string, u *IRI) (string, error) {
	if strings.IndexByte(s, '%') < 0 && (u.HostKind != HostRegName || !containsACE(u.Host)) &&
		!u.isMailto() && u.iriClean() {
		return s, nil
	}
	b, err := c.appendIRI(make([]byte, 0, len(s)+8), u)
	if err != nil {
		return s, err
	}
	return bytesToString(b), nil
}

// AppendIRI appends the IRI form of the URI reference s to dst (see ToIRI).
func (c *Converter) AppendIRI(dst []byte, s string) ([]byte, error) {
	s, u, _, err := c.parse(s)
	if err != nil {
		return dst, err
	}
	n := len(dst)
	out, err := c.appendIRI(dst, &u)
	if err != nil {
		return dst[:n], err
	}
	return out, nil
}

// iriClean reports whether every character of the userinfo, path, query
// and fragment of u may stay as it is in an IRI.
func (u *IRI) iriClean() bool {
	return (!u.HasUserinfo || firstNotIRI(compUserinfo, u.Userinfo) < 0) &&
		firstNotIRI(compPath, u.Path) < 0 &&
		(!u.HasQuery || firstNotIRI(compQuery, u.Query) < 0) &&
		(!u.HasFragment || firstNotIRI(compFragment, u.Fragment) < 0)
}

func (c *Converter) appendIRI(dst []byte, u *IRI) ([]byte, error) {
	var err error
	if u.Scheme != "" {
		dst = append(dst, u.Scheme...)
		dst = append(dst, ':')
	}
	if u.HasAuthority {
		dst = append(dst, '/', '/')
		if u.HasUserinfo {
			if dst, err = appendIRIComponent(dst, compUserinfo, u.Userinfo, u.UserinfoOffset); err != nil {
				return dst, err
			}
			dst = append(dst, '@')
		}
		if u.HostKind == HostRegName {
			dst = appendIRIHost(dst, u.Host) // checked by checkHost
		} else {
			dst = append(dst, u.Host...) // IP addresses have nothing to decode
		}
		if u.HasPort {
			dst = append(dst, ':')
			dst = append(dst, u.Port...)
		}
	}
	if u.isMailto() {
		dst, err = appendMailtoIRI(dst, u.Path, u.PathOffset)
	} else {
		dst, err = appendIRIComponent(dst, compPath, u.Path, u.PathOffset)
	}
	if err != nil {
		return dst, err
	}
	if u.HasQuery {
		dst = append(dst, '?')
		if dst, err = appendIRIComponent(dst, compQuery, u.Query, u.QueryOffset); err != nil {
			return dst, err
		}
	}
	if u.HasFragment {
		dst = append(dst, '#')
		if dst, err = appendIRIComponent(dst, compFragment, u.Fragment, u.FragmentOffset); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// firstNotIRI returns the offset of the first byte of s that cannot stay as
// it is in the given IRI component: an ASCII character outside the
// component's production, a "%" not followed by two hex digits, a byte that
// is not UTF-8, a code point outside ucschar (iprivate is allowed in the
// query), or a bidi formatting character. It returns -1 if there is none.
func firstNotIRI(comp component, s string) int {
	allowed := &uriAllowed[comp]
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b == '%' {
				if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
					return i
				}
				i += 3
				continue
			}
			if !allowed[b] {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !iriCharOK(comp, r, size) {
			return i
		}
		i += size
	}
	return -1
}

// iriCharOK reports whether the non-ASCII character r, of size bytes, may
// appear as itself in the given component (Sections 2.2 and 4.1).
func iriCharOK(comp component, r rune, size int) bool {
	if r == utf8.RuneError && size == 1 || IsBidiFormatting(r) {
		return false
	}
	return IsUcschar(r) || comp == compQuery && IsIprivate(r)
}

// appendIRIComponent appends the IRI form of one component: characters it
// may not contain are percent-encoded first (as UTF-8), then Section 3.7
// steps 2 to 5 decode what an IRI may show. A stray "%" and bytes that are
// not UTF-8 are errors; off is the component's offset, for them.
func appendIRIComponent(dst []byte, comp component, s string, off int) ([]byte, error) {
	i := firstNotIRI(comp, s)
	if i < 0 {
		return appendDecoded(dst, s, nil), nil
	}
	enc := make([]byte, 0, len(s)+16)
	enc = append(enc, s[:i]...)
	for len(s) > i {
		b := s[i]
		if b < utf8.RuneSelf {
			switch {
			case b == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])):
				return dst, badPercent(comp, off+i)
			case b == '%':
				enc = append(enc, s[i:i+3]...)
				i += 3
			case uriAllowed[comp][b]:
				enc = append(enc, b)
				i++
			default:
				enc = appendPct(enc, b)
				i++
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return dst, Violation{Offset: off + i, Code: CodeInvalidUTF8, Char: -1}
		}
		if iriCharOK(comp, r, size) {
			enc = append(enc, s[i:i+size]...)
		} else {
			for k := 0; k < size; k++ {
				enc = appendPct(enc, s[i+k])
			}
		}
		i += size
	}
	return appendDecoded(dst, bytesToString(enc), nil), nil
}

// badPercent is the error for a "%" at offset off that does not start a
// percent-encoding.
func badPercent(comp component, off int) Violation {
	return Violation{Offset: off, Code: CodeBadPercent, Char: -1, Detail: componentNames[comp]}
}

// badHostByte returns the offset of the first ASCII byte of a reg-name that
// no reg-name allows (RFC 3986 Section 3.2.2: unreserved, sub-delims and
// percent-encodings), a "%" not followed by two hex digits included, or -1.
// Non-ASCII characters are left to IDNA.
func badHostByte(host string) int {
	for i := 0; i < len(host); i++ {
		b := host[i]
		switch {
		case b >= utf8.RuneSelf:
		case b == '%':
			if i+2 >= len(host) || !isHex(host[i+1]) || !isHex(host[i+2]) {
				return i
			}
			i += 2
		case !uriAllowed[compHost][b]:
			return i
		}
	}
	return -1
}

// hostCharViolation is the error for the byte at i of a host found at off
// that badHostByte reported.
func hostCharViolation(host string, off, i int) Violation {
	if host[i] == '%' {
		return badPercent(compHost, off+i)
	}
	return Violation{Offset: off + i, Code: CodeCharNotAllowed, Char: rune(host[i]), Detail: componentNames[compHost]}
}

// checkHost checks the reg-name host of u as every conversion needs it: no
// character that a reg-name cannot contain (a host is never
// percent-encoded to make it fit), and, for a name with non-ASCII
// characters, written as such or percent-encoded, a name that converts by
// the IDNA profile of Section 3.4. An ASCII name is left as it is written,
// even one the profile rejects: RFC 3986 does not restrict a reg-name to
// DNS syntax, and Section 3.7 step 6 keeps an "xn--" label that is not a
// valid A-label (Validate reports such names).
//
// For a name with non-ASCII characters (not percent-encoded) it returns
// the URI form it made (uriRegName), else "".
func (u *IRI) checkHost() (string, error) {
	if u.HostKind != HostRegName {
		return "", nil
	}
	if i := badHostByte(u.Host); i >= 0 {
		return "", hostCharViolation(u.Host, u.HostOffset, i)
	}
	if !isASCII(u.Host) {
		return uriRegName(u.Host, u.HostOffset)
	}
	if strings.IndexByte(u.Host, '%') < 0 {
		return "", nil
	}
	// The octets stand for the characters of the name.
	dec := percentDecode(u.Host)
	if v := decodedHostChar(dec, u.HostOffset); v != nil {
		return "", *v
	}
	if !isASCII(dec) && utf8.ValidString(dec) {
		if _, err := HostToASCII(dec); err != nil {
			return "", Violation{Offset: u.HostOffset, Code: CodeBadHost, Char: -1, Detail: err.Error()}
		}
	}
	return "", nil
}

// decodedHostChar checks the percent-decoded form dec of a reg-name found
// at off for an ASCII character that no host name allows ("ex%20ample").
func decodedHostChar(dec string, off int) *Violation {
	if i := badHostByte(dec); i >= 0 && dec[i] != '%' {
		return &Violation{Offset: off, Code: CodeBadHost, Char: rune(dec[i]),
			Detail: "percent-encoded character not allowed in a host name"}
	}
	return nil
}

// appendIRIHost appends the IRI form of a reg-name host: its percent-encoded
// UTF-8 decoded if the name stays valid, then step 6 on its A-labels.
func appendIRIHost(dst []byte, host string) []byte {
	if strings.IndexByte(host, '%') >= 0 {
		dec := string(appendDecoded(nil, host, nil))
		if dec != host && !isASCII(dec) {
			if _, err := HostToASCII(dec); err == nil {
				return append(dst, dec...)
			}
			return append(dst, host...)
		}
		host = dec
	}
	h, _ := hostToUnicode(host)
	return append(dst, h...)
}

// appendDecoded performs steps 2 to 5 of Section 3.7 on s and appends the
// result to dst. keep, if not nil, reports additional characters that must
// stay encoded.
func appendDecoded(dst []byte, s string, keep func(rune) bool) []byte {
	var buf [utf8.UTFMax]byte
	for i := 0; i < len(s); {
		if s[i] != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			dst = append(dst, s[i])
			i++
			continue
		}
		b := unhex(s[i+1])<<4 | unhex(s[i+2])
		if b < utf8.RuneSelf {
			// Step 2: only unreserved ASCII is decoded; "%", reserved
			// characters and ASCII not allowed in URIs keep their triplet.
			if isUnreservedASCII(b) && (keep == nil || !keep(rune(b))) {
				dst = append(dst, b)
			} else {
				dst = append(dst, s[i:i+3]...)
			}
			i += 3
			continue
		}
		// Gather the octets of one UTF-8 sequence from consecutive triplets.
		n := 0
		for j := i; n < len(buf) && j+2 < len(s) && s[j] == '%' && isHex(s[j+1]) && isHex(s[j+2]); j += 3 {
			o := unhex(s[j+1])<<4 | unhex(s[j+2])
			if n > 0 && (o < 0x80 || o >= 0xC0) {
				break // not a continuation byte
			}
			buf[n] = o
			n++
		}
		r, size := utf8.DecodeRune(buf[:n])
		if r == utf8.RuneError && size <= 1 {
			// Step 3: not part of strict UTF-8; re-encode the lead octet and
			// look for a sequence again right after it.
			dst = appendPct(dst, buf[0])
			i += 3
			continue
		}
		if keepEncoded(r) || keep != nil && keep(r) {
			// Step 4: a character not appropriate in an IRI.
			for k := 0; k < size; k++ {
				dst = appendPct(dst, buf[k])
			}
		} else {
			dst = utf8.AppendRune(dst, r)
		}
		i += 3 * size
	}
	return dst
}
