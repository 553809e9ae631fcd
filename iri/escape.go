package iri

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/iriscan/iriscan/charset"
)

// A Component names the place in an IRI that a piece of data is put into;
// Escape percent-encodes the data for that place.
type Component uint8

// The places data can go (RFC 3986 Sections 3.2.1, 3.3, 3.4 and 3.5).
const (
	// PathSegment is one segment of a path: "/" is encoded, so "a/b" is
	// "a%2Fb" (segment = *pchar).
	PathSegment Component = iota + 1
	// Path is a whole path: "/" stays a separator, so "a/b" stays "a/b".
	Path
	// Query is a whole query: "&" and "=" stay as they are.
	Query
	// QueryName is the name of a name=value pair in a query: "&", "=",
	// "+" (a space to form decoders) and ";" (a separator to some) are
	// encoded.
	QueryName
	// QueryValue is the value of a name=value pair; it is encoded as
	// QueryName is, so "a=b&c" is "a%3Db%26c".
	QueryValue
	// Fragment is the fragment identifier.
	Fragment
	// Userinfo is the whole userinfo of an authority: ":" stays as it is
	// (the user:password separator); "@", "/", "?" and "#" are encoded.
	Userinfo
)

var componentNamesCLI = [...]string{"", "path-segment", "path", "query", "query-name", "query-value", "fragment", "userinfo"}

// String returns the name of the component as the iriscan command spells
// it: "path-segment", "path", "query", "query-name", "query-value",
// "fragment" or "userinfo".
func (c Component) String() string {
	if c >= PathSegment && int(c) < len(componentNamesCLI) {
		return componentNamesCLI[c]
	}
	return "Component(?)"
}

// ComponentByName returns the component that String names name.
func ComponentByName(name string) (Component, bool) {
	for i := PathSegment; int(i) < len(componentNamesCLI); i++ {
		if componentNamesCLI[i] == name {
			return i, true
		}
	}
	return 0, false
}

// escAllowed[c][b] reports whether the ASCII byte b stays as it is when
// data is escaped for component c. It is the component's production of
// RFC 3986 (uriAllowed) less the characters that would be read as a
// delimiter there.
var escAllowed = func() (t [hostComponent + 1][128]bool) {
	t[PathSegment] = uriAllowed[compPath]
	t[PathSegment]['/'] = false
	t[Path] = uriAllowed[compPath]
	t[Query] = uriAllowed[compQuery]
	t[QueryName] = uriAllowed[compQuery]
	for _, b := range "&=+;" {
		t[QueryName][b] = false
	}
	t[QueryValue] = t[QueryName]
	t[Fragment] = uriAllowed[compFragment]
	t[Userinfo] = uriAllowed[compUserinfo]
	t[hostComponent] = uriAllowed[compHost]
	return t
}()

// hostComponent is the reg-name of a host, for Build; it is not exported
// because a host is a name, not a place for data.
const hostComponent = Userinfo + 1

func (c Component) valid() bool { return c >= PathSegment && c <= Userinfo }

func (c Component) inQuery() bool { return c == Query || c == QueryName || c == QueryValue }

// iriKeeps reports whether the IRI form of component c keeps the non-ASCII
// character r (decoded from size bytes) as it is: a ucschar that is not a
// bidi formatting character (Section 4.1), or iprivate in the query
// (draft-duerst-iri-bis-07 Section 2.2).
func iriKeeps(c Component, r rune, size int) bool {
	if r == utf8.RuneError && size == 1 {
		return false
	}
	if IsUcschar(r) {
		return !IsBidiFormatting(r)
	}
	return c.inQuery() && IsIprivate(r)
}

// Escape returns the data s percent-encoded for component c of an IRI.
//
// s is data: it holds no percent-encoding, so every "%" becomes "%25".
// (For text that may already be partly percent-encoded use
// EscapeEncoded.) An ASCII character the component does not allow, or that
// would be read as a delimiter there, is encoded (see the Component
// constants); a non-ASCII character in ucschar is kept as it is, a
// private-use character only in the query (draft-duerst-iri-bis-07 Section
// 2.2); every other character, bidi formatting characters (Section 4.1)
// among them, becomes its UTF-8 octets percent-encoded with uppercase hex
// digits. Bytes of s that are not UTF-8 are percent-encoded one by one, so
// that decoding gives back exactly s.
//
// An unknown component escapes as PathSegment, the strictest.
func Escape(s string, c Component) string { return escape(s, c, true, false) }

// EscapeURI is Escape for the URI form: every non-ASCII character becomes
// its UTF-8 octets percent-encoded with uppercase hex digits (RFC 3986
// Section 2.5), so the result is ASCII.
func EscapeURI(s string, c Component) string { return escape(s, c, false, false) }

// EscapeEncoded is Escape for text that may already hold percent-encodings:
// a "%" followed by two hex digits is kept as it is; any other "%" becomes
// "%25". Everything else is escaped as Escape does. Use it to complete the
// escaping of a component written by hand ("a b%2Fc" is "a%20b%2Fc"); use
// Escape for data, in which "%2F" means the three characters.
func EscapeEncoded(s string, c Component) string { return escape(s, c, true, true) }

// EscapeEncodedURI is EscapeEncoded for the URI form (see EscapeURI).
func EscapeEncodedURI(s string, c Component) string { return escape(s, c, false, true) }

func escape(s string, c Component, iriForm, keepPct bool) string {
	if !c.valid() {
		c = PathSegment
	}
	return escapeWith(s, &escAllowed[c], c, iriForm, keepPct)
}

// escapeWith escapes s keeping the ASCII bytes allowed allows and, in the
// IRI form, the non-ASCII characters the IRI form of c keeps.
func escapeWith(s string, allowed *[128]bool, c Component, iriForm, keepPct bool) string {
	// Most data needs no escaping: find the first byte that does.
	i := 0
	for i < len(s) {
		b := s[i]
		if b < utf8.RuneSelf {
			if allowed[b] {
				i++
				continue
			}
			if b == '%' && keepPct && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				i += 3
				continue
			}
			break
		}
		if !iriForm {
			break
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !iriKeeps(c, r, size) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	dst := make([]byte, 0, len(s)+2*(len(s)-i)+8)
	dst = append(dst, s[:i]...)
	for i < len(s) {
		b := s[i]
		if b < utf8.RuneSelf {
			switch {
			case allowed[b]:
				dst = append(dst, b)
			case b == '%' && keepPct && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
				dst = append(dst, s[i:i+3]...)
				i += 2
			default:
				dst = appendPct(dst, b)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if iriForm && iriKeeps(c, r, size) {
			dst = append(dst, s[i:i+size]...)
		} else {
			for _, o := range []byte(s[i : i+size]) {
				dst = appendPct(dst, o)
			}
		}
		i += size
	}
	return bytesToString(dst) // dst is not written again
}

// EscapeBytes returns the octets b percent-encoded as RFC 3986 Section 2.1
// says for data that is not text (a hash, a binary key, a file name of
// unknown encoding): every octet that is not an unreserved ASCII character
// (ALPHA, DIGIT, "-", ".", "_", "~") becomes "%XX" with uppercase hex
// digits, whatever the component, so the result fits any component of
// either form. The octets FF 00 are "%FF%00".
func EscapeBytes(b []byte, c Component) string {
	_ = c // every component allows the unreserved characters, and only needs those
	n := 0
	for _, o := range b {
		if !isUnreservedASCII(o) {
			n++
		}
	}
	dst := make([]byte, 0, len(b)+2*n)
	for _, o := range b {
		if isUnreservedASCII(o) {
			dst = append(dst, o)
		} else {
			dst = appendPct(dst, o)
		}
	}
	return bytesToString(dst)
}

// Unescape decodes every percent-encoding of s ("%" and two hex digits)
// into its octet; a "%" not followed by two hex digits is kept as it is.
// The result may not be UTF-8. Unescape(Escape(s, c)) is s for every s and
// c, and so is Unescape(EscapeURI(s, c)); "+" is not a space.
func Unescape(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	return percentDecode(s)
}

// DecodeCharset decodes octets b from the legacy charset cs into UTF-8
// text, for Escape or EscapeURI to escape as Unicode: the way
// draft-duerst-iri-bis-07 Section 8.4 asks a generator to expose a name
// stored in a legacy encoding, so that the URI's percent-encoding reads
// back as characters in an IRI. A byte sequence that is not valid in cs is
// an error (a *charset.InvalidError with its offset), never a guess or a
// U+FFFD.
func DecodeCharset(b []byte, cs *charset.Charset) (string, error) {
	if cs == nil {
		return "", errors.New("iri: DecodeCharset: no charset")
	}
	d := cs.NewDecoder()
	d.Strict = true
	out, err := d.Bytes(b)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// EscapeCharset percent-encodes the text s for component c with its
// characters encoded in the charset cs rather than UTF-8: what a scheme
// that mandates the document's charset needs, as HTML form queries over
// http do (draft-duerst-iri-bis-07 Section 3.5). ASCII characters are
// escaped as EscapeURI does if cs encodes them as ASCII; every octet of
// other characters (and every octet of UTF-16 and of ISO-2022-JP escape
// sequences) becomes "%XX". The result is ASCII, so it fits the URI and
// the IRI form alike. A character cs cannot represent, or s that is not
// UTF-8, is an error (a *charset.EncodeError whose Offset is the byte
// offset in s): EscapeCharset never substitutes.
func EscapeCharset(s string, cs *charset.Charset, c Component) (string, error) {
	if cs == nil {
		return "", errors.New("iri: EscapeCharset: no charset")
	}
	if !c.valid() {
		c = PathSegment
	}
	allowed := &escAllowed[c]
	asciiSafe := !strings.HasPrefix(strings.ToLower(cs.Name()), "utf-16")
	var dst, enc []byte
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf && asciiSafe {
			if allowed[s[i]] {
				dst = append(dst, s[i])
			} else {
				dst = appendPct(dst, s[i])
			}
			i++
			continue
		}
		// A run of characters to encode in cs together, so that a
		// stateful charset switches state once.
		j := i
		for j < len(s) && (s[j] >= utf8.RuneSelf || !asciiSafe) {
			j++
		}
		var err error
		enc, err = cs.Encode(enc[:0], s[i:j], charset.FallbackError)
		if err != nil {
			var ee *charset.EncodeError
			if errors.As(err, &ee) {
				ee.Offset += i
			}
			return "", err
		}
		for _, o := range enc {
			dst = appendPct(dst, o)
		}
		i = j
	}
	return string(dst), nil
}
