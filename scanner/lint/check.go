package lint

import (
	"fmt"
	"strings"

	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/scanner"
)

// checker holds what the checks keep across matches.
type checker struct {
	hosts map[string]hostVerdict
}

// check appends the findings about match m to out.
func (c *checker) check(m *scanner.Match, fd *feed, out *[]Finding) {
	add := func(k Kind, reason string) { *out = append(*out, Finding{Kind: k, Reason: reason}) }
	if m.Kind == scanner.KindLinkText {
		checkLink(m, add)
		return
	}
	checkBidi(m, fd, add)
	target := m.Target()
	if m.Kind == scanner.KindAttr {
		target = iri.PreprocessURL(m.IRI)
		checkScheme(m, target, add)
	}
	if m.Kind == scanner.KindEmail {
		if at := strings.LastIndexByte(m.IRI, '@'); at >= 0 {
			c.checkHost(m.IRI[at+1:], add)
		}
		return
	}
	u, err := iri.Parse(target)
	if err != nil || !u.HasAuthority {
		return
	}
	if u.HasUserinfo {
		checkUserinfo(&u, add)
	}
	if u.HostKind == iri.HostRegName {
		c.checkHost(u.Host, add)
	}
}

// hostVerdict is what checkHost found for a host.
type hostVerdict struct{ conf, mixed string }

// maxHostCache bounds the hosts a Linter remembers: a document names few.
const maxHostCache = 1024

// checkHost reports a confusable or mixed-script host name, once looked
// at for each distinct host.
func (c *checker) checkHost(host string, add func(Kind, string)) {
	v, ok := c.hosts[host]
	if !ok {
		v = hostRisks(host)
		if len(c.hosts) >= maxHostCache {
			clear(c.hosts)
		}
		c.hosts[host] = v
	}
	if v.conf != "" {
		add(ConfusableHost, v.conf)
	}
	if v.mixed != "" {
		add(MixedScriptHost, v.mixed)
	}
}

// hostRisks says what is wrong with a host name.
func hostRisks(host string) hostVerdict {
	var conf, mixed []string
	for _, r := range iri.HostRisks(iri.Unescape(host)) {
		if r.Confusable || r.Delimiter != 0 {
			var why string
			if r.Delimiter != 0 {
				why = fmt.Sprintf("host label %q (%s) has %s, which looks like %q", r.Label, r.ALabel,
					runeName(r.Delimiter), r.LooksLike)
			} else {
				why = fmt.Sprintf("host label %q (%s) looks like the ASCII %q%s", r.Label, r.ALabel, r.Skeleton, nonASCII(r.Label))
			}
			conf = append(conf, why)
		}
		if r.MixedScript {
			mixed = append(mixed, fmt.Sprintf("host label %q (%s) mixes %s letters%s", r.Label, r.ALabel,
				strings.Join(r.Scripts, " and "), nonASCII(r.Label)))
		}
	}
	return hostVerdict{strings.Join(conf, "; "), strings.Join(mixed, "; ")}
}

// nonASCII names the non-ASCII characters of s: ": а U+0430".
func nonASCII(s string) string {
	var b strings.Builder
	seen := map[rune]bool{}
	for _, r := range s {
		if r < 0x80 || seen[r] {
			continue
		}
		seen[r] = true
		if b.Len() == 0 {
			b.WriteString(":")
		} else if b.Len() > 200 {
			b.WriteString(" …")
			break
		} else {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %c U+%04X", r, r)
	}
	return b.String()
}

// checkUserinfo reports user information that reads as a host name.
func checkUserinfo(u *iri.IRI, add func(Kind, string)) {
	user, _, hasPass := strings.Cut(u.Userinfo, ":")
	user = iri.Unescape(user)
	if !looksLikeHost(user) {
		return
	}
	pass := ""
	if hasPass {
		pass = " (and a password)"
	}
	add(UserinfoHost, fmt.Sprintf("%q before the \"@\" is user information%s, not the host: the link goes to %q", user, pass, u.Host))
}

// looksLikeHost reports whether s reads as a domain name or an IPv4
// address: two or more labels of letters, digits and hyphens (any
// script), separated by dots (also the ideographic and full-width ones).
func looksLikeHost(s string) bool {
	s = strings.NewReplacer("\u3002", ".", "\uFF0E", ".", "\uFF61", ".").Replace(s)
	labels := strings.Split(strings.TrimSuffix(s, "."), ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" {
			return false
		}
		for _, r := range l {
			if r < 0x80 && !(r == '-' || '0' <= r && r <= '9' || 'a' <= r|0x20 && r|0x20 <= 'z') {
				return false
			}
		}
	}
	return true
}

// checkScheme reports a script URL in an attribute; v is the value as the
// URL parser reads it.
func checkScheme(m *scanner.Match, v string, add func(Kind, string)) {
	scheme := schemeOf(v)
	switch scheme {
	case "javascript", "vbscript":
		add(ScriptScheme, fmt.Sprintf("%s: URL in <%s %s>: it runs script%s", scheme, m.Element, m.Attr, written(m, scheme)))
	case "data":
		if navigable(m.Element, m.Attr) {
			add(ScriptScheme, fmt.Sprintf("data: URL in <%s %s>: it opens a page made by the link itself (HTML smuggling)%s", m.Element, m.Attr, written(m, scheme)))
		}
	}
}

// written notes how the scheme was disguised, if it was.
func written(m *scanner.Match, scheme string) string {
	if strings.HasPrefix(m.Text, scheme+":") {
		return ""
	}
	raw := m.Text
	if len(raw) > 40 {
		raw = raw[:40] + "…"
	}
	return fmt.Sprintf(" (written %q, which the URL parser reads as %s:)", raw, scheme)
}

// schemeOf returns the scheme of a URL in lower case, or "".
func schemeOf(v string) string {
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return strings.ToLower(v[:i])
		default:
			return ""
		}
	}
	return ""
}

// navigable reports whether a URL in attribute attr of element elem opens
// a page or submits to one (rather than loading an image, a script, a
// style sheet or an icon).
func navigable(elem, attr string) bool {
	switch attr {
	case "href":
		return elem != "link"
	case "xlink:href":
		return elem == "a"
	case "action", "formaction", "content": // content: meta refresh
		return true
	case "src":
		return elem == "iframe" || elem == "frame" || elem == "embed"
	case "data":
		return elem == "object"
	}
	return false
}

// checkLink reports a link whose visible text names another host than its
// href goes to.
func checkLink(m *scanner.Match, add func(Kind, string)) {
	href := iri.PreprocessURL(m.IRI)
	u, err := iri.Parse(href)
	if err != nil {
		return
	}
	var hrefHost string
	switch {
	case u.HasAuthority && u.HostKind != 0 && u.Host != "":
		hrefHost = u.Host
	case strings.EqualFold(u.Scheme, "mailto"):
		addr, _, _ := strings.Cut(u.Path, ",")
		if at := strings.LastIndexByte(addr, '@'); at >= 0 {
			hrefHost = addr[at+1:]
		}
	}
	if hrefHost == "" {
		return // a relative link, or one without a host
	}
	want := sameHostKey(iri.Unescape(hrefHost))
	for _, t := range scanner.Find([]byte(m.Text), &scanner.Options{Fuzzy: true}) {
		var host string
		if t.Kind == scanner.KindEmail {
			if !strings.EqualFold(u.Scheme, "mailto") {
				continue
			}
			host = t.IRI[strings.LastIndexByte(t.IRI, '@')+1:]
		} else {
			v, err := iri.Parse(t.Target())
			if err != nil || !v.HasAuthority || v.Host == "" {
				continue
			}
			host = v.Host
		}
		if sameHostKey(iri.Unescape(host)) != want {
			add(AnchorHostMismatch, fmt.Sprintf("the link text shows %q but the link goes to %q", host, hrefHost))
			return
		}
	}
}

// sameHostKey is what two hosts are compared by: the ASCII form (IDNA,
// lower case), without a final dot and without a leading "www." label.
func sameHostKey(h string) string {
	if a, err := iri.HostToASCII(h); err == nil {
		h = a
	} else {
		h = strings.ToLower(h)
	}
	h = strings.TrimSuffix(h, ".")
	return strings.TrimPrefix(h, "www.")
}

// checkBidi reports a bidi formatting character in or next to m.
func checkBidi(m *scanner.Match, fd *feed, add func(Kind, string)) {
	for _, s := range []string{m.Text, m.IRI} {
		for _, r := range s {
			if iri.IsBidiFormatting(r) {
				add(BidiControl, fmt.Sprintf("%s inside the link: it reorders how the link is shown", runeName(r)))
				return
			}
		}
	}
	if r, where := fd.bidiNear(m.Offset, m.Offset+m.Length); r != 0 {
		add(BidiControl, fmt.Sprintf("%s right %s the link: it reorders how the link is shown", runeName(r), where))
	}
}

var bidiNames = map[rune]string{
	0x061C: "ARABIC LETTER MARK", 0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK",
	0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
	0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE",
	0x2066: "LEFT-TO-RIGHT ISOLATE", 0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE",
	0x2069: "POP DIRECTIONAL ISOLATE",
	0x2215: "DIVISION SLASH", 0x2044: "FRACTION SLASH", 0x0337: "COMBINING SHORT SOLIDUS OVERLAY",
	0x0338: "COMBINING LONG SOLIDUS OVERLAY", 0x0589: "ARMENIAN FULL STOP", 0x2024: "ONE DOT LEADER",
	0xFF0F: "FULLWIDTH SOLIDUS", 0x29F8: "BIG SOLIDUS", 0x1735: "PHILIPPINE SINGLE PUNCTUATION",
}

// runeName names r: "U+202E RIGHT-TO-LEFT OVERRIDE".
func runeName(r rune) string {
	if n, ok := bidiNames[r]; ok {
		return fmt.Sprintf("U+%04X %s", r, n)
	}
	return fmt.Sprintf("U+%04X", r)
}
