package rewrite

import (
	"fmt"
	"net/netip"
	"strings"
	"unicode/utf8"

	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/scanner"
)

// LinkOptions are a link policy: which matches become links, where the
// links point and what they show. The zero value links every match the
// scanner finds except javascript:, vbscript: and data:, adds https:// to
// www. and scheme-less matches, and shows the whole display form.
// NewLinker checks them and makes the Linker that Options.Links holds.
type LinkOptions struct {
	// Schemes, when not nil, are the only schemes linked (and reported by
	// Reports), in any letter case: the scheme of a www. or fuzzy match is
	// DefaultScheme, of an e-mail address mailto. javascript, vbscript and
	// data are never linked, even when named; Reports reports them only
	// when named. A match without a scheme (a relative reference in an
	// HTML attribute) is not filtered.
	Schemes []string

	// DefaultScheme is the scheme added to www. and fuzzy (scheme-less)
	// matches in the href and the URI: "https" (the default, for "") or
	// "http". The link text keeps the match as written.
	DefaultScheme string

	// HostsAllow, when not empty, are the only hosts linked; HostsDeny are
	// hosts never linked (a denial wins over an allowance). A pattern is a
	// host ("example.com", "例え.jp", "192.0.2.1", "[2001:db8::1]"), or
	// "*." and a domain name, meaning every subdomain of that name at any
	// depth but not the name itself. Names are compared on their A-labels
	// (IDNA, Section 3.4), ignoring letter case and a final dot. The host of
	// an e-mail address is its domain; a match without a host (urn:, tel:)
	// is never denied, and not linked when HostsAllow is set.
	HostsAllow, HostsDeny []string

	// HrefTemplate, when not empty, is the href of every link with each
	// "{uri}" replaced by the link's URI form escaped as a query value
	// (iri.EscapeURI with iri.QueryValue): for outgoing-redirect pages such
	// as "https://example.com/out?to={uri}". It must hold "{uri}", only in
	// its query or fragment, and be a valid IRI reference (it is used in
	// its URI form).
	HrefTemplate string

	// Class, when not empty, is the class attribute of the links.
	Class string

	// Title gives each link a title attribute showing its full URI form.
	Title bool

	// Shorten, when positive, is the most user-perceived characters
	// (extended grapheme clusters, UAX #29; bidi marks not counted) the
	// link text shows: see Shorten. The href is never shortened.
	Shorten int

	// StripScheme drops "http://" and "https://" from the link text.
	StripScheme bool
}

// A Linker applies a link policy (LinkOptions) to matches. Make one with
// NewLinker; a nil *Linker is the zero policy. A Linker is never changed
// once made and is safe for concurrent use.
type Linker struct {
	o          LinkOptions
	schemes    map[string]bool // nil: all but the script schemes
	allow      []hostPattern
	deny       []hostPattern
	tpl        []string // the template in URI form, split at each {uri}
	defScheme  string
	scannerSch []scanner.Scheme
}

// An Anchor is the link a Linker makes of a match.
type Anchor struct {
	Href  string // the href: URI, or the HrefTemplate filled in
	URI   string // the URI form of the match's target (Section 3.6)
	Text  string // the link text: see Linker.Link
	Title string // the title attribute, "" when LinkOptions.Title is off
}

// NewLinker checks o and returns its Linker. An error names the option and
// the value at fault; it wraps ErrOptions.
func NewLinker(o LinkOptions) (*Linker, error) {
	l := &Linker{o: o, defScheme: "https"}
	switch strings.ToLower(o.DefaultScheme) {
	case "", "https":
	case "http":
		l.defScheme = "http"
	default:
		return nil, fmt.Errorf("%w: default scheme %q (want https or http)", ErrOptions, o.DefaultScheme)
	}
	if o.Schemes != nil {
		l.schemes = make(map[string]bool, len(o.Schemes))
		for _, s := range o.Schemes {
			name := strings.ToLower(s)
			if len(scanner.SchemesNamed(name)) != 1 {
				return nil, fmt.Errorf("%w: scheme %q is not a scheme name (RFC 3986 Section 3.1)", ErrOptions, s)
			}
			l.schemes[name] = true
		}
		l.scannerSch = scanner.SchemesNamed(o.Schemes...)
	}
	var err error
	if l.allow, err = parseHostPatterns(o.HostsAllow); err != nil {
		return nil, err
	}
	if l.deny, err = parseHostPatterns(o.HostsDeny); err != nil {
		return nil, err
	}
	if o.HrefTemplate != "" {
		if l.tpl, err = parseTemplate(o.HrefTemplate); err != nil {
			return nil, err
		}
	}
	if o.Shorten < 0 {
		return nil, fmt.Errorf("%w: shorten %d is negative", ErrOptions, o.Shorten)
	}
	return l, nil
}

// Options returns the options the Linker was made from.
func (l *Linker) Options() LinkOptions {
	if l == nil {
		return LinkOptions{}
	}
	return l.o
}

// ScannerSchemes returns the scheme list a scanner needs to find every
// scheme the policy names (scanner.SchemesNamed of LinkOptions.Schemes),
// or nil when the policy names none.
func (l *Linker) ScannerSchemes() []scanner.Scheme {
	if l == nil {
		return nil
	}
	return l.scannerSch
}

// Target returns the IRI the match points to, with the policy's default
// scheme added to a www. or fuzzy match (see scanner.Match.Target).
func (l *Linker) Target(m *scanner.Match) string {
	if l == nil {
		return m.Target()
	}
	return m.TargetScheme(l.defScheme)
}

// isScriptScheme reports whether the scheme runs code or embeds content
// when followed: these are never linked.
func isScriptScheme(s string) bool {
	return s == "javascript" || s == "vbscript" || s == "data"
}

// Links reports whether the policy lets m become a link: its scheme is
// listed (and is not javascript, vbscript or data) and its host is
// allowed.
func (l *Linker) Links(m *scanner.Match) bool {
	return l.accept(m, l.Target(m), false)
}

// Reports reports whether the policy lets iriscan extract report m: as
// Links, except that javascript:, vbscript: and data: are reported when
// LinkOptions.Schemes names them.
func (l *Linker) Reports(m *scanner.Match) bool {
	return l.accept(m, l.Target(m), true)
}

// ReportsTarget is Reports for a caller that has made m's target
// (Target) already, and uses it again: it is not made twice.
func (l *Linker) ReportsTarget(m *scanner.Match, target string) bool {
	return l.accept(m, target, true)
}

// accept is Links (or with report, Reports) of m, whose target is given.
func (l *Linker) accept(m *scanner.Match, target string, report bool) bool {
	scheme := schemeOf(target)
	switch {
	case scheme == "":
		// A relative reference (an attribute value): its scheme is the
		// document's.
	case l != nil && l.schemes != nil:
		if !l.schemes[scheme] || !report && isScriptScheme(scheme) {
			return false
		}
	case isScriptScheme(scheme):
		return false
	}
	if l == nil || l.allow == nil && l.deny == nil {
		return true
	}
	h, ok := matchHost(m, target)
	if !ok {
		return l.allow == nil
	}
	for i := range l.deny {
		if l.deny[i].matches(h) {
			return false
		}
	}
	if l.allow == nil {
		return true
	}
	for i := range l.allow {
		if l.allow[i].matches(h) {
			return true
		}
	}
	return false
}

// Anchor returns the link the policy makes of m, and false (with a nil
// error) when the policy does not link it. c converts the target (its
// Charset is the document's, for Section 3.5); an error means the target
// cannot be converted, and m is left as text.
//
// The link text is the display form with a LEFT-TO-RIGHT MARK around each
// delimiter (see Linkify), a www. match, a fuzzy match or an e-mail address
// keeping its shape (no scheme added), then without http:// or https:// if
// StripScheme, then shortened to Shorten grapheme clusters.
func (l *Linker) Anchor(m *scanner.Match, c *iri.Converter) (Anchor, bool, error) {
	dc := *c
	dc.Bidi = iri.BidiMarks
	return l.anchor(m, c, &dc)
}

// anchor is Anchor with the converter of the link text, dc (c with
// BidiMarks), made by the caller: a Rewriter keeps one per document.
func (l *Linker) anchor(m *scanner.Match, c, dc *iri.Converter) (Anchor, bool, error) {
	target := l.Target(m)
	if !l.accept(m, target, false) {
		return Anchor{}, false, nil
	}
	uri, err := c.ToURI(target)
	if err != nil {
		return Anchor{}, false, err
	}
	d, err := dc.Display(target)
	if err != nil {
		return Anchor{}, false, err
	}
	if t, ok := strings.CutPrefix(d, "\u202A"); ok {
		if t, ok := strings.CutSuffix(t, "\u202C"); ok {
			d = t
		}
	}
	text := trimAdded(m, d, schemeOf(target))
	lk := Anchor{Href: uri, URI: uri, Text: text}
	if l == nil {
		return lk, true, nil
	}
	if l.o.StripScheme {
		lk.Text = StripScheme(lk.Text)
	}
	if l.o.Shorten > 0 {
		lk.Text = Shorten(lk.Text, l.o.Shorten)
	}
	if l.tpl != nil {
		v := iri.EscapeURI(uri, iri.QueryValue)
		lk.Href = strings.Join(l.tpl, v)
	}
	if l.o.Title {
		lk.Title = uri
	}
	return lk, true, nil
}

// schemeOf returns the lower-case scheme of an IRI reference, "" for a
// relative reference.
func schemeOf(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':' && i > 0:
			return strings.ToLower(s[:i])
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return ""
		}
	}
	return ""
}

// A hostPattern is one host of LinkOptions.HostsAllow or HostsDeny, in
// the form hostKey gives.
type hostPattern struct {
	host       string
	subdomains bool // "*.host": every name ending in "." + host
}

func (p *hostPattern) matches(h string) bool {
	if p.subdomains {
		return len(h) > len(p.host) && strings.HasSuffix(h, p.host) && h[len(h)-len(p.host)-1] == '.'
	}
	return h == p.host
}

func parseHostPatterns(list []string) ([]hostPattern, error) {
	if len(list) == 0 {
		return nil, nil
	}
	ps := make([]hostPattern, 0, len(list))
	for _, s := range list {
		p, err := parseHostPattern(s)
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// parseHostPattern checks one host pattern of LinkOptions.HostsAllow or
// HostsDeny and returns it as the policy compares it. The error wraps
// ErrOptions and quotes the pattern.
func parseHostPattern(s string) (hostPattern, error) {
	bad := func(why string) (hostPattern, error) {
		return hostPattern{}, fmt.Errorf("%w: host pattern %q: %s", ErrOptions, s, why)
	}
	var p hostPattern
	h := s
	if rest, ok := strings.CutPrefix(h, "*."); ok {
		p.subdomains = true
		h = rest
	}
	if h == "" {
		return bad("no host")
	}
	if strings.ContainsAny(h, "*") {
		return bad(`"*" stands only at the start, as "*.example.com"`)
	}
	if _, err := netip.ParseAddr(h); err == nil && strings.Contains(h, ":") {
		h = "[" + h + "]" // an IPv6 address written without brackets
	}
	u, err := iri.Parse("http://" + h + "/")
	if err != nil || u.Host == "" || u.HasUserinfo || u.HasPort || u.Path != "/" || u.HasQuery || u.HasFragment {
		switch {
		case err == nil && u.HasPort:
			return bad("a host without a port")
		case err == nil && u.HasUserinfo:
			return bad("a host without userinfo")
		}
		return bad("not a host name or IP address")
	}
	key, ok := hostKey(u.Host, u.HostKind)
	if !ok {
		return bad("not a valid host name (IDNA, Section 3.4)")
	}
	if strings.Contains(key, "*") {
		// "＊" (U+FF0A) maps to "*".
		return bad(`"*" stands only at the start, as "*.example.com"`)
	}
	if p.subdomains && u.HostKind != iri.HostRegName {
		return bad("an IP address has no subdomains")
	}
	p.host = key
	return p, nil
}

// hostKey returns the form in which hosts are compared: a reg-name as its
// A-labels, lower case, without a final dot; an IPv4 address as it is;
// an IP literal as its canonical text in brackets.
func hostKey(host string, kind iri.HostKind) (string, bool) {
	if !utf8.ValidString(host) {
		return "", false // IDNA would read each bad byte as U+FFFD
	}
	switch kind {
	case iri.HostRegName:
		a, err := iri.HostToASCII(trimFinalDot(host))
		if err != nil {
			return "", false
		}
		a = strings.ToLower(a)
		if a == "" || strings.HasSuffix(a, ".") {
			return "", false // "example.com..", an empty label
		}
		return a, true
	case iri.HostIPv4:
		return host, true
	case iri.HostIPv6:
		ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
		if err != nil {
			return strings.ToLower(host), true
		}
		return "[" + ip.WithZone("").String() + "]", true
	}
	return strings.ToLower(host), true // IPvFuture
}

// trimFinalDot removes one final label separator: ".", or one of the dots
// IDNA reads as one (U+3002, U+FF0E, U+FF61).
func trimFinalDot(h string) string {
	for _, d := range []string{".", "\u3002", "\uFF0E", "\uFF61"} {
		if t, ok := strings.CutSuffix(h, d); ok {
			return t
		}
	}
	return h
}

// matchHost returns the host of a match in the form hostKey gives, and
// false when it has none or it is not valid.
func matchHost(m *scanner.Match, target string) (string, bool) {
	if m.Kind == scanner.KindEmail {
		i := strings.LastIndexByte(m.IRI, '@')
		if i < 0 {
			return "", false
		}
		return hostKeyOf(m.IRI[i+1:])
	}
	u, err := iri.Parse(target)
	if err != nil {
		return "", false
	}
	if u.Host == "" && strings.EqualFold(u.Scheme, "mailto") {
		// mailto:addr?query: the host of the first address.
		addr, _, _ := strings.Cut(u.Path, ",")
		i := strings.LastIndexByte(addr, '@')
		if i < 0 {
			return "", false
		}
		return hostKeyOf(iri.Unescape(addr[i+1:]))
	}
	if u.Host == "" {
		return "", false
	}
	return hostKey(u.Host, u.HostKind)
}

// hostKeyOf is hostKey for a host given alone.
func hostKeyOf(h string) (string, bool) {
	u, err := iri.Parse("http://" + h + "/")
	if err != nil || u.Host == "" || u.HasPort || u.HasUserinfo || u.Path != "/" {
		if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
			// An address literal of RFC 5321: [IPv6:…] or [192.0.2.1].
			lit := strings.TrimPrefix(strings.Trim(h, "[]"), "IPv6:")
			if ip, err := netip.ParseAddr(lit); err == nil {
				if ip.Is4() {
					return ip.String(), true
				}
				return "[" + ip.String() + "]", true
			}
		}
		return "", false
	}
	return hostKey(u.Host, u.HostKind)
}

// parseTemplate checks an href template and returns its URI form split at
// each "{uri}".
func parseTemplate(t string) ([]string, error) {
	bad := func(why string) ([]string, error) {
		return nil, fmt.Errorf("%w: href template %q: %s", ErrOptions, t, why)
	}
	if !strings.Contains(t, "{uri}") {
		return bad(`no "{uri}" in it`)
	}
	// A placeholder of letters that survives conversion to a URI, where
	// "{" and "}" would be percent-encoded.
	ph := "iriscanuri"
	for strings.Contains(t, ph) {
		ph += "x"
	}
	s := strings.ReplaceAll(t, "{uri}", ph)
	u, err := iri.Parse(s)
	if err != nil {
		return bad(err.Error())
	}
	start := len(s)
	switch {
	case u.HasQuery:
		start = u.QueryOffset
	case u.HasFragment:
		start = u.FragmentOffset
	}
	if i := strings.Index(s, ph); i < start {
		return bad(`"{uri}" must stand in the query or the fragment`)
	}
	if vs := iri.Validate(s); len(vs) > 0 {
		return bad(vs[0].Error())
	}
	uri, err := iri.ToURI(s)
	if err != nil {
		return bad(err.Error())
	}
	parts := strings.Split(uri, ph)
	if len(parts) != strings.Count(t, "{uri}")+1 {
		return bad(`"{uri}" changed in the URI form`)
	}
	return parts, nil
}
