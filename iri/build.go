package iri

import (
	"errors"
	"strings"
)

// pathPrefix returns what must precede path so that it reads back as the
// path after what precedes it (RFC 3986 Sections 3.3 and 4.2): "/" after
// an authority if the path is not empty and does not start with "/"; "/."
// if there is no authority and the path starts with "//"; "./" in a
// relative reference whose first segment has a ":". Parse never makes a
// value that needs one.
func pathPrefix(scheme, authority bool, path string) string {
	switch {
	case authority:
		if path != "" && path[0] != '/' {
			return "/"
		}
	case strings.HasPrefix(path, "//"):
		return "/."
	case !scheme:
		seg := path
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if strings.IndexByte(seg, ':') >= 0 {
			return "./"
		}
	}
	return ""
}

// Build returns the IRI form of u with each component escaped for its
// place: the fields may hold unescaped text, and what the component does
// not allow is percent-encoded as EscapeEncoded does (a "%" followed by two
// hex digits is kept, any other "%" is "%25"; non-ASCII characters allowed
// in an IRI are kept). So a field may hold text already escaped by Escape,
// or plain text without "%". The host is written as given (a reg-name gets
// only its disallowed ASCII characters encoded); an IPv6 address without
// brackets is bracketed, and an IP literal stays as it is. The Has* fields
// need not be set: a non-empty component implies its delimiter (see
// String).
//
// For a valid IRI reference, Build returns the same string as String. The
// error is a Violation if the result is not a valid IRI reference: a
// malformed scheme, port or IP literal, or a host that fails the IDNA
// profile of Section 3.4; the string is then the best attempt.
func (u *IRI) Build() (string, error) {
	v := *u
	v.Userinfo = EscapeEncoded(u.Userinfo, Userinfo)
	v.Host = buildHost(u.Host)
	v.Path = EscapeEncoded(u.Path, Path)
	v.Query = EscapeEncoded(u.Query, Query)
	v.Fragment = EscapeEncoded(u.Fragment, Fragment)
	out := v.String()
	if vs := Validate(out); len(vs) > 0 {
		return out, vs[0]
	}
	return out, nil
}

// URI returns the URI form of u: Build, then ToURI, so every non-ASCII
// character is percent-encoded UTF-8 and a reg-name host (and the domain of
// a mailto address) is written in IDNA A-labels (Section 3.4). The error is
// that of Build or ToURI.
func (u *IRI) URI() (string, error) {
	s, err := u.Build()
	if err != nil {
		return s, err
	}
	return ToURI(s)
}

// buildHost escapes a host for Build.
func buildHost(h string) string {
	if h == "" || h[0] == '[' {
		return h
	}
	if strings.IndexByte(h, ':') >= 0 {
		// An IPv6 address, perhaps with an RFC 6874 zone ("fe80::1%eth0").
		addr, zone, hasZone := strings.Cut(h, "%")
		if validIPv6(addr) {
			if !hasZone {
				return "[" + addr + "]"
			}
			zone = strings.TrimPrefix(zone, "25")
			return "[" + addr + "%25" + EscapeURI(Unescape(zone), PathSegment) + "]"
		}
	}
	return escapeWith(h, &escAllowed[hostComponent], Path, true, true)
}

// Mailto holds the parts of a mailto IRI (RFC 6068). Its fields are data:
// Build escapes them.
type Mailto struct {
	To      []string // addresses, local-part "@" domain; the domain may be Unicode
	Cc, Bcc []string
	Subject string
	// Body is the text of the message; its line breaks (CR LF, LF or CR)
	// are written as "%0D%0A", as RFC 6068 Section 5 requires.
	Body string
	// Headers are further header fields, in order, after the others.
	Headers []Header
}

// A Header is one header field of a mailto IRI.
type Header struct{ Name, Value string }

// mailtoAddr and mailtoField are the characters of an address and of a
// header field name or value that RFC 6068 Section 2 lets stand for
// themselves: unreserved and some-delims. An address encodes "," (the
// address separator), "@" (only the last "@" separates the domain) and ";"
// (Section 2: "&", ";" and "=" of an addr-spec are percent-encoded); a
// field encodes "+" as well, which form decoders would read as a space.
var mailtoAddr, mailtoField = func() (a, f [128]bool) {
	for c := 0; c < 128; c++ {
		a[c] = isUnreservedASCII(byte(c)) || strings.IndexByte("!$'()*+:", byte(c)) >= 0
		f[c] = a[c] && c != '+' || c == ',' || c == '@' || c == ';'
	}
	return
}()

// IRI returns the mailto IRI of m as an IRI value: String gives the IRI
// form, URI the URI form (with each domain in A-labels). Spaces are "%20",
// never "+". In the IRI form, the characters an IRI allows, non-ASCII
// local parts and domains among them, are kept as they are.
func (m Mailto) IRI() IRI {
	u := IRI{Scheme: "mailto"}
	var b strings.Builder
	raw := func(name, escaped string) {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(escapeWith(name, &mailtoField, QueryName, true, false))
		b.WriteByte('=')
		b.WriteString(escaped)
	}
	field := func(name, value string) {
		raw(name, escapeWith(value, &mailtoField, QueryValue, true, false))
	}
	list := func(addrs []string) string {
		parts := make([]string, len(addrs))
		for i, a := range addrs {
			parts[i] = mailtoAddress(a)
		}
		return strings.Join(parts, ",")
	}
	u.Path = list(m.To)
	if len(m.Cc) > 0 {
		raw("cc", list(m.Cc))
	}
	if len(m.Bcc) > 0 {
		raw("bcc", list(m.Bcc))
	}
	if m.Subject != "" {
		field("subject", m.Subject)
	}
	if m.Body != "" {
		field("body", crlf(m.Body))
	}
	for _, h := range m.Headers {
		field(h.Name, h.Value)
	}
	if b.Len() > 0 {
		u.HasQuery = true
		u.Query = b.String()
	}
	return u
}

// mailtoAddress escapes one address for the path of a mailto IRI.
func mailtoAddress(a string) string {
	at := strings.LastIndexByte(a, '@')
	if at < 0 {
		return escapeWith(a, &mailtoAddr, Path, true, false)
	}
	local, domain := a[:at], a[at+1:]
	return escapeWith(local, &mailtoAddr, Path, true, false) + "@" + escapeWith(domain, &mailtoAddr, Path, true, false)
}

// crlf makes every line break of s CR LF.
func crlf(s string) string {
	if strings.IndexAny(s, "\r\n") < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			b.WriteString("\r\n")
		case '\n':
			b.WriteString("\r\n")
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// ErrNotAbsolute is the error of FilePath and WindowsFilePath for a path
// that is not absolute: a file URI names a file without a current
// directory (RFC 8089 Section 2).
var ErrNotAbsolute = errors.New("iri: file path is not absolute")

// FilePath returns the file IRI (RFC 8089) of an absolute POSIX path such
// as "/tmp/a b": "file:///tmp/a%20b" with String. The path is data: its
// UTF-8 characters are kept in the IRI form (String) and percent-encoded
// UTF-8 in the URI form (URI); bytes that are not UTF-8 are percent-encoded
// as they are, so the octets of the name are preserved exactly.
func FilePath(p string) (IRI, error) {
	if !strings.HasPrefix(p, "/") {
		return IRI{}, ErrNotAbsolute
	}
	return IRI{Scheme: "file", HasAuthority: true, Path: Escape(p, Path)}, nil
}

// WindowsFilePath returns the file IRI of an absolute Windows path (RFC
// 8089 Appendix E): "C:\dir\a b" is "file:///C:/dir/a%20b", a UNC path
// "\\server\share\f" is "file://server/share/f". Either "\" or "/"
// separates; the prefixes "\\?\" and "\\?\UNC\" are removed. A relative
// path, or one relative to a drive ("C:dir"), is ErrNotAbsolute.
func WindowsFilePath(p string) (IRI, error) {
	p = strings.ReplaceAll(p, `\`, "/")
	if rest, ok := strings.CutPrefix(p, "//?/"); ok {
		if unc, ok := cutPrefixFold(rest, "UNC/"); ok {
			p = "//" + unc
		} else {
			p = rest
		}
	}
	switch {
	case len(p) >= 3 && isAlpha(p[0]) && p[1] == ':' && p[2] == '/':
		return IRI{Scheme: "file", HasAuthority: true, Path: "/" + Escape(p, Path)}, nil
	case strings.HasPrefix(p, "//"):
		host, path, _ := strings.Cut(p[2:], "/")
		if host == "" {
			return IRI{}, ErrNotAbsolute
		}
		return IRI{Scheme: "file", HasAuthority: true, Host: buildHost(host), HostKind: HostRegName, Path: "/" + Escape(path, Path)}, nil
	}
	return IRI{}, ErrNotAbsolute
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}
