package iri

import (
	"strings"
)

// defaultPorts lists the schemes with scheme-based normalization (Section
// 5.3.3) and their default ports.
var defaultPorts = map[string]string{
	"http":  "80",
	"https": "443",
	"ws":    "80",
	"wss":   "443",
	"ftp":   "21",
	"file":  "",
}

// NormalizeURI returns the normal form of an IRI reference in URI form, by
// the comparison ladder of Section 5.3: the reference is mapped to a URI
// (Section 3.6, so that "%C3%A9" and "é" align), then
//
//   - case normalization (5.3.2.1): scheme and host in lowercase, and the hex
//     digits of percent-encodings in uppercase;
//   - percent-encoding normalization (5.3.2.3): percent-encoded unreserved
//     characters are decoded, reserved ones never are;
//   - path segment normalization (5.3.2.4): dot-segments are removed from the
//     path of an absolute reference;
//   - scheme-based normalization (5.3.3): an empty port, and the default port
//     of http, https, ws, wss and ftp, are removed; an empty path after an
//     authority becomes "/"; "file://localhost/" becomes "file:///". Empty
//     queries and fragments keep their delimiter;
//   - a percent-encoded reg-name is decoded and mapped by IDNA, so that
//     "r%C3%A9sum%C3%A9.example" and "xn--rsum-bpad.example" align.
//
// Character normalization (NFC) is never applied to a reference that is
// already Unicode (5.3.2.2); a Converter with a non-UCS Charset applies it
// once, as Section 3.1 requires for text transcoded from a legacy charset.
func (c *Converter) NormalizeURI(s string) (string, error) {
	uri, err := c.ToURI(s)
	if err != nil {
		return s, err
	}
	u, err := Parse(uri)
	if err != nil {
		return s, err
	}
	scheme := strings.ToLower(u.Scheme)
	u.Scheme = scheme
	host := u.Host
	switch u.HostKind {
	case HostRegName:
		if strings.IndexByte(host, '%') >= 0 {
			if a, err := HostToASCII(percentDecode(host)); err == nil {
				host = a
			}
		}
		host = lowerASCIIKeepHex(normPercent(host))
	case HostIPv4, HostIPvFuture:
		host = strings.ToLower(host)
	case HostIPv6:
		if z := strings.Index(host, "%25"); z >= 0 {
			host = strings.ToLower(host[:z]) + normPercent(host[z:])
		} else {
			host = strings.ToLower(host)
		}
	}
	def, known := defaultPorts[scheme]
	if u.HasPort && (u.Port == "" || known && u.Port == def) {
		u.HasPort, u.Port = false, ""
	}
	if scheme == "file" && u.HasAuthority && host == "localhost" && !u.HasUserinfo && !u.HasPort {
		host = ""
	}
	path := normPercent(u.Path)
	if u.Scheme != "" {
		path = removeDotSegments(path)
	}
	if u.HasAuthority && path == "" {
		path = "/"
	}
	path = keepPathOutOfAuthority(&u, path)
	var b strings.Builder
	b.Grow(len(uri) + 1)
	u.write(&b, normPercent(u.Userinfo), host, path, normPercent(u.Query), normPercent(u.Fragment))
	return b.String(), nil
}

// Normalize returns the normal form of an IRI reference as an IRI: the
// NormalizeURI form converted back by ToIRI, so that non-ASCII characters
// and IDN labels are shown as characters (Section 5.3.3 asks for IDNs in
// their Unicode form "for legibility purposes").
func (c *Converter) Normalize(s string) (string, error) {
	n, err := c.NormalizeURI(s)
	if err != nil {
		return s, err
	}
	return c.ToIRI(n)
}

// Equivalent reports whether two IRI references are equivalent by the
// comparison ladder of Section 5.3: they are identical strings (5.3.1), or
// their NormalizeURI forms are. A reference that cannot be normalized is
// equivalent only to itself.
func (c *Converter) Equivalent(a, b string) bool {
	if a == b {
		return true
	}
	na, err := c.NormalizeURI(a)
	if err != nil {
		return false
	}
	nb, err := c.NormalizeURI(b)
	return err == nil && na == nb
}

// Normalize is Converter.Normalize with the zero Converter.
func Normalize(s string) (string, error) {
	var c Converter
	return c.Normalize(s)
}

// Equivalent is Converter.Equivalent with the zero Converter.
func Equivalent(a, b string) bool {
	var c Converter
	return c.Equivalent(a, b)
}

// normPercent uppercases the hex digits of every percent-encoding in s and
// decodes those of unreserved characters (Sections 5.3.2.1 and 5.3.2.3).
func normPercent(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			b = append(b, s[i])
			continue
		}
		o := unhex(s[i+1])<<4 | unhex(s[i+2])
		if o < 0x80 && isUnreservedASCII(o) {
			b = append(b, o)
		} else {
			b = appendPct(b, o)
		}
		i += 2
	}
	return string(b)
}

// NormalizeURI is Converter.NormalizeURI with the zero Converter.
func NormalizeURI(s string) (string, error) {
	var c Converter
	return c.NormalizeURI(s)
}

// lowerASCIIKeepHex lowercases the ASCII letters of s except the hex digits
// of percent-encodings, which case normalization makes uppercase.
func lowerASCIIKeepHex(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '%' && i+2 < len(b):
			i += 2
		case 'A' <= c && c <= 'Z':
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
