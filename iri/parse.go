package iri

import (
	"strings"
)

// HostKind says which alternative of the ihost production a host matched.
type HostKind uint8

// The kinds of host (draft-duerst-iri-bis-07 Section 2.2, RFC 3986 Section 3.2.2).
const (
	HostNone      HostKind = iota // no authority, or an empty host
	HostRegName                   // ireg-name: a name, usually a DNS domain name
	HostIPv4                      // IPv4address
	HostIPv6                      // IP-literal holding an IPv6address (with an optional RFC 6874 zone)
	HostIPvFuture                 // IP-literal holding an IPvFuture
)

var hostKindNames = [...]string{"none", "reg-name", "IPv4", "IPv6", "IPvFuture"}

func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(?)"
}

// IRI is an IRI reference split into its components. Every string field is a
// substring of the parsed input, so parsing allocates nothing; the delimiters
// (":", "//", "@", ":", "?", "#") are not included, except that an IP-literal
// Host keeps its brackets. The Has* fields distinguish an empty component from
// an absent one ("http://h/?" has an empty query, "http://h/" none).
type IRI struct {
	Scheme   string // without the ":"; empty for a relative reference
	Userinfo string
	Host     string // reg-name, IPv4address, or "[" IP-literal "]"
	Port     string
	Path     string
	Query    string
	Fragment string

	HostKind     HostKind
	HasAuthority bool // "//" present
	HasUserinfo  bool
	HasPort      bool
	HasQuery     bool
	HasFragment  bool

	// Byte offsets of the components in the input, for error reporting and
	// for callers mapping a component back to the source.
	SchemeOffset, UserinfoOffset, HostOffset, PortOffset int
	PathOffset, QueryOffset, FragmentOffset              int
}

// IsAbsolute reports whether the reference has a scheme.
func (u *IRI) IsAbsolute() bool { return u.Scheme != "" }

// String reassembles the reference from its components with the original
// delimiters (Section 3.6). For a parsed IRI it returns the input.
//
// The fields are written as they are, not escaped: for a value made field
// by field, a non-empty Userinfo, Host or Port implies the authority, a
// non-empty Query or Fragment its "?" or "#", and a path that could not
// follow what precedes it is prefixed as RFC 3986 Sections 3.3 and 4.2
// say ("/" after an authority, "/." before "//" without one, "./" before a
// first segment with ":" in a relative reference). To put data into the
// fields, use Escape; to escape what the fields hold, use Build.
func (u *IRI) String() string {
	var b strings.Builder
	b.Grow(len(u.Scheme) + len(u.Userinfo) + len(u.Host) + len(u.Port) + len(u.Path) + len(u.Query) + len(u.Fragment) + 8)
	u.write(&b, u.Userinfo, u.Host, u.Path, u.Query, u.Fragment)
	return b.String()
}

// write assembles the reference from u's delimiters and the given component
// texts, which replace u's own.
func (u *IRI) write(b *strings.Builder, userinfo, host, path, query, fragment string) {
	if u.Scheme != "" {
		b.WriteString(u.Scheme)
		b.WriteByte(':')
	}
	// A value made field by field may leave the Has* fields unset: a
	// non-empty component implies its delimiter. (Parse sets them all.)
	authority := u.HasAuthority || u.HasUserinfo || u.HasPort || userinfo != "" || host != "" || u.Port != ""
	if authority {
		b.WriteString("//")
		if u.HasUserinfo || userinfo != "" {
			b.WriteString(userinfo)
			b.WriteByte('@')
		}
		b.WriteString(host)
		if u.HasPort || u.Port != "" {
			b.WriteByte(':')
			b.WriteString(u.Port)
		}
	}
	b.WriteString(pathPrefix(u.Scheme != "", authority, path))
	b.WriteString(path)
	if u.HasQuery || query != "" {
		b.WriteByte('?')
		b.WriteString(query)
	}
	if u.HasFragment || fragment != "" {
		b.WriteByte('#')
		b.WriteString(fragment)
	}
}

// Parse splits an IRI reference (the IRI-reference production of Section 2.2:
// an IRI or an irelative-ref) into its components.
//
// Parse checks the structure only: a malformed scheme, port or IP literal is
// an error, because the components cannot be delimited or converted without
// guessing. The characters inside the components are not checked, so that
// sloppy input (spaces, non-characters, LEIRIs) can still be parsed and
// converted; use Validate for the strict check of every character.
func Parse(s string) (IRI, error) {
	var u IRI
	rest, off := s, 0

	// Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":". A colon before
	// any "/", "?" or "#" must end a scheme: a relative reference may not
	// have a colon in its first segment (ipath-noscheme).
	bad := -1 // first byte that cannot be in a scheme
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			if i == 0 {
				return u, Violation{Offset: 0, Code: CodeBadScheme, Char: -1}
			}
			if bad >= 0 {
				return u, Violation{Offset: bad, Code: CodeBadScheme, Char: charAt(s, bad)}
			}
			u.Scheme = s[:i]
			rest, off = s[i+1:], i+1
			break
		}
		if c == '/' || c == '?' || c == '#' {
			break
		}
		if bad < 0 && (!isSchemeChar(c) || i == 0 && !isAlpha(c)) {
			bad = i
		}
	}

	if len(rest) >= 2 && rest[0] == '/' && rest[1] == '/' {
		u.HasAuthority = true
		rest, off = rest[2:], off+2
		end := 0
		for end < len(rest) && rest[end] != '/' && rest[end] != '?' && rest[end] != '#' {
			end++
		}
		if err := u.parseAuthority(rest[:end], off); err != nil {
			return u, err
		}
		rest, off = rest[end:], off+end
	}

	end := 0
	for end < len(rest) && rest[end] != '?' && rest[end] != '#' {
		end++
	}
	u.Path, u.PathOffset = rest[:end], off
	rest, off = rest[end:], off+end
	if len(rest) > 0 && rest[0] == '?' {
		end = strings.IndexByte(rest, '#')
		if end < 0 {
			end = len(rest)
		}
		u.HasQuery = true
		u.Query, u.QueryOffset = rest[1:end], off+1
		rest, off = rest[end:], off+end
	}
	if len(rest) > 0 && rest[0] == '#' {
		u.HasFragment = true
		u.Fragment, u.FragmentOffset = rest[1:], off+1
	}
	return u, nil
}

// parseAuthority splits iauthority = [ iuserinfo "@" ] ihost [ ":" port ].
func (u *IRI) parseAuthority(a string, off int) error {
	// The userinfo ends at the last "@": an "@" cannot occur in a host, and
	// taking the last one keeps a stray "@" of a sloppy userinfo inside the
	// userinfo, where conversion percent-encodes it.
	if at := strings.LastIndexByte(a, '@'); at >= 0 {
		u.HasUserinfo = true
		u.Userinfo, u.UserinfoOffset = a[:at], off
		a, off = a[at+1:], off+at+1
	}
	u.HostOffset = off
	hostEnd := len(a)
	if strings.HasPrefix(a, "[") {
		close := strings.IndexByte(a, ']')
		if close < 0 {
			return Violation{Offset: off, Code: CodeBadIPLiteral, Char: -1, Detail: "missing ']'"}
		}
		lit := a[1:close]
		switch {
		case len(lit) > 0 && (lit[0] == 'v' || lit[0] == 'V'):
			if i := badIPvFuture(lit); i >= 0 {
				return Violation{Offset: off + 1 + i, Code: CodeBadIPLiteral, Char: charAt(lit, i), Detail: "malformed IPvFuture"}
			}
			u.HostKind = HostIPvFuture
		default:
			if !validIPv6Literal(lit) {
				return Violation{Offset: off + 1, Code: CodeBadIPLiteral, Char: -1, Detail: "malformed IPv6 address"}
			}
			u.HostKind = HostIPv6
		}
		hostEnd = close + 1
		if hostEnd < len(a) && a[hostEnd] != ':' {
			return Violation{Offset: off + hostEnd, Code: CodeBadIPLiteral, Char: charAt(a, hostEnd), Detail: "text after ']'"}
		}
	} else if c := strings.IndexByte(a, ':'); c >= 0 {
		hostEnd = c
	}
	u.Host = a[:hostEnd]
	if hostEnd < len(a) {
		u.HasPort = true
		u.Port, u.PortOffset = a[hostEnd+1:], off+hostEnd+1
		for i := 0; i < len(u.Port); i++ {
			if !isDigit(u.Port[i]) {
				return Violation{Offset: u.PortOffset + i, Code: CodeBadPort, Char: charAt(u.Port, i)}
			}
		}
	}
	switch {
	case u.HostKind != HostNone:
	case u.Host == "":
	case isIPv4(u.Host):
		u.HostKind = HostIPv4
	default:
		u.HostKind = HostRegName
	}
	return nil
}

// isIPv4 reports whether s matches IPv4address: four dec-octets without
// leading zeros.
func isIPv4(s string) bool {
	for part := 0; part < 4; part++ {
		n, i := 0, 0
		for i < len(s) && isDigit(s[i]) && i < 3 {
			n = n*10 + int(s[i]-'0')
			i++
		}
		if i == 0 || n > 255 || i > 1 && s[0] == '0' {
			return false
		}
		s = s[i:]
		if part < 3 {
			if len(s) == 0 || s[0] != '.' {
				return false
			}
			s = s[1:]
		}
	}
	return s == ""
}

// validIPv6Literal reports whether s is an IPv6address, optionally followed
// by an RFC 6874 zone identifier ("%25" 1*( unreserved / pct-encoded )).
func validIPv6Literal(s string) bool {
	if i := strings.Index(s, "%25"); i >= 0 {
		zone := s[i+3:]
		if zone == "" {
			return false
		}
		for j := 0; j < len(zone); j++ {
			c := zone[j]
			if c == '%' {
				if j+2 >= len(zone) || !isHex(zone[j+1]) || !isHex(zone[j+2]) {
					return false
				}
				j += 2
			} else if !isUnreservedASCII(c) {
				return false
			}
		}
		s = s[:i]
	}
	return validIPv6(s)
}

// validIPv6 implements the IPv6address production of RFC 3986.
func validIPv6(s string) bool {
	groups := 0     // 16-bit pieces seen (an IPv4 tail counts as two)
	elided := false // "::" seen
	if strings.HasPrefix(s, "::") {
		elided = true
		s = s[2:]
		if s == "" {
			return true
		}
	}
	for {
		// One h16, or an IPv4address that must end the address.
		n := 0
		for n < len(s) && n < 4 && isHex(s[n]) {
			n++
		}
		if n < len(s) && s[n] == '.' {
			if !isIPv4(s) {
				return false
			}
			groups += 2
			s = ""
			break
		}
		if n == 0 {
			return false
		}
		groups++
		s = s[n:]
		if s == "" {
			break
		}
		if s[0] != ':' {
			return false
		}
		if strings.HasPrefix(s, "::") {
			if elided {
				return false
			}
			elided = true
			s = s[2:]
			if s == "" {
				break
			}
			continue
		}
		s = s[1:]
		if s == "" {
			return false // trailing single ":"
		}
	}
	if elided {
		return groups <= 7
	}
	return groups == 8
}

// badIPvFuture checks IPvFuture = "v" 1*HEXDIG "." 1*( unreserved /
// sub-delims / ":" ) and returns the offset of the first fault, or -1.
func badIPvFuture(s string) int {
	i := 1
	for i < len(s) && isHex(s[i]) {
		i++
	}
	if i == 1 || i >= len(s) || s[i] != '.' {
		return i
	}
	i++
	if i == len(s) {
		return i
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c != ':' && asciiClass[c]&(cUnreserved|cSubDelim) == 0 {
			return i
		}
	}
	return -1
}

// charAt returns the rune starting at byte i of s, or -1 at the end.
func charAt(s string, i int) rune {
	if i >= len(s) {
		return -1
	}
	if s[i] < 0x80 {
		return rune(s[i])
	}
	for _, r := range s[i:] {
		return r
	}
	return -1
}
