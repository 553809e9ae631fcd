// Package lint finds links that lie about where they go: the tricks of
// phishing mail and spoofed pages, reported with the source byte offset
// of each.
//
// A [Linter] reads a document decoded by a [charset.Reader], as text or
// as HTML, finds its IRIs with package scanner, and reports a [Finding]
// for each of these (docs/lint.md):
//
//   - [BidiControl]: a bidirectional formatting character (U+202A–U+202E,
//     U+2066–U+2069, U+200E, U+200F, U+061C) inside an IRI or right before
//     or after it, which reorders what the reader sees
//     ("http://4pm.asia/\u202Eaisa.mp4" shows as "http://4pm.asia/4pm.asia").
//   - [ConfusableHost]: a host label that passes for an ASCII one
//     ("аpple.com" with a Cyrillic а) or holds a look-alike of "/", "." or
//     ":"; [MixedScriptHost]: a host label that mixes scripts as spoofing
//     does (Latin with Cyrillic or Greek). Both are the labels iri.Display
//     shows as A-labels (iri.HostRisks); a label can be both.
//   - [UserinfoHost]: user information that reads as a host name
//     ("https://accounts.example.com@evil.example/" goes to evil.example).
//   - [AnchorHostMismatch] (HTML): an a element whose visible text names a
//     host other than the one its href goes to.
//   - [ScriptScheme] (HTML): javascript: or vbscript: in any URL attribute,
//     data: in one that navigates (href, action, formaction, …), after
//     the URL parser's own clean-up (references decoded, leading controls
//     and spaces stripped, tabs and newlines removed, any letter case).
package lint

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/scanner"
)

// A Kind is a kind of finding.
type Kind uint8

// The kinds of finding.
const (
	BidiControl Kind = iota + 1
	ConfusableHost
	MixedScriptHost
	UserinfoHost
	AnchorHostMismatch
	ScriptScheme
)

var kindNames = [...]string{"", "bidi-control", "confusable-host", "mixed-script-host", "userinfo-host", "anchor-host-mismatch", "script-scheme"}

// String returns the kind's name as iriscan lint prints it, such as
// "bidi-control".
func (k Kind) String() string {
	if k != 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// A Finding is one thing a Linter reports.
type Finding struct {
	Kind Kind
	// Offset and Length locate the IRI (for AnchorHostMismatch, the
	// content of the a element) in source bytes.
	Offset, Length int64
	// Text is the IRI as written (for AnchorHostMismatch, the link's
	// visible text).
	Text string
	// Reason says, for a person, what is wrong.
	Reason string
}

// Options configure a Linter. The zero value (or nil) reads text.
type Options struct {
	// HTML reads the document as HTML: URL attributes, text, and the
	// visible text of links.
	HTML bool
	// Fuzzy also finds bare domains (example.com) in running text.
	Fuzzy bool
	// MaxLength is the longest IRI in bytes looked at; zero means
	// DefaultMaxLength.
	MaxLength int
}

// DefaultMaxLength is the default of Options.MaxLength: longer than the
// scanner's default, so that a data: URL of a few pages is still seen.
const DefaultMaxLength = 64 << 10

// A Linter reports the findings of one document, in document order of
// the IRIs they are about. It holds memory bounded by MaxLength, as a
// scanner does.
type Linter struct {
	cr   *charset.Reader
	feed feed
	sc   interface {
		Scan() bool
		Match() scanner.Match
		Err() error
		Retained() int64
	}
	checker checker
	pending []Finding
	head    int
	f       Finding
	err     error
}

// New returns a Linter reading the document that cr decodes.
func New(cr *charset.Reader, o *Options) *Linter {
	if o == nil {
		o = &Options{}
	}
	l := &Linter{cr: cr, checker: checker{hosts: map[string]hostVerdict{}}}
	l.feed = feed{r: cr, html: o.HTML}
	so := scanner.Options{Fuzzy: o.Fuzzy, MaxLength: o.MaxLength}
	if so.MaxLength <= 0 {
		so.MaxLength = DefaultMaxLength
	}
	if o.HTML {
		// Every text a reader sees, link text included; only script and
		// style are not shown.
		l.sc = scanner.NewHTMLScanner(&l.feed, &scanner.HTMLOptions{Options: so, LinkTexts: true,
			SkipElements: []string{"script", "style"}})
	} else {
		l.sc = scanner.NewScanner(&l.feed, &so)
	}
	l.feed.retained = l.sc.Retained
	return l
}

// Scan advances to the next finding, then available through Finding. It
// returns false at the end of the document or on an error.
func (l *Linter) Scan() bool {
	if l.head == len(l.pending) {
		l.pending, l.head = l.pending[:0], 0
	}
	for len(l.pending) == 0 {
		if l.err != nil || !l.sc.Scan() {
			if l.err == nil {
				l.err = l.sc.Err()
			}
			return false
		}
		m := l.sc.Match()
		start, end := l.cr.Map().SourceOffset(m.Offset), l.cr.Map().SourceOffset(m.Offset+m.Length)
		if start < 0 || end < start {
			l.err = fmt.Errorf("lint: no source offset for the match at decoded byte %d", m.Offset)
			return false
		}
		n := len(l.pending)
		l.checker.check(&m, &l.feed, &l.pending)
		for k := n; k < len(l.pending); k++ {
			f := &l.pending[k]
			f.Offset, f.Length = start, end-start
			if f.Text == "" {
				f.Text = m.Text
			}
		}
	}
	l.f = l.pending[l.head]
	l.head++
	return true
}

// Finding returns the finding Scan found last.
func (l *Linter) Finding() Finding { return l.f }

// Err returns the first read or decoding error.
func (l *Linter) Err() error { return l.err }

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

// feed hands the decoded text to the scanner and notes where the bidi
// formatting characters are (and, in HTML, the character references to
// them), from the scanner's Retained offset on.
type feed struct {
	r        *charset.Reader
	retained func() int64
	html     bool
	buf      []byte // rest of the last chunk
	pos      int64  // decoded offset of the next chunk
	marks    []mark
	carry    []byte // HTML: the end of the last chunk from an unfinished "&"
}

// mark is a bidi formatting character, or a reference to one, at
// decoded bytes [start, end).
type mark struct {
	start, end int64
	r          rune
}

func (f *feed) Read(p []byte) (int, error) {
	for len(f.buf) == 0 {
		if f.retained != nil {
			keep := f.retained()
			f.r.SetKeep(keep)
			k := 0
			for k < len(f.marks) && f.marks[k].end < keep {
				k++
			}
			f.marks = f.marks[:copy(f.marks, f.marks[k:])]
		}
		b, err := f.r.Next()
		f.note(b)
		f.buf = b
		if len(b) == 0 && err != nil {
			return 0, err
		}
	}
	n := copy(p, f.buf)
	f.buf = f.buf[n:]
	return n, nil
}

// note records the marks of the chunk b, which starts at f.pos.
func (f *feed) note(b []byte) {
	base := f.pos
	f.pos += int64(len(b))
	for i := 0; i < len(b); i++ {
		if i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 == 0 {
			i += 7 // eight ASCII bytes
			continue
		}
		c := b[i]
		switch {
		case c == 0xE2 && i+2 < len(b) || c == 0xD8 && i+1 < len(b):
			r, n := decodeRune(b[i:])
			if iri.IsBidiFormatting(r) {
				f.marks = append(f.marks, mark{base + int64(i), base + int64(i+n), r})
			}
		}
	}
	if !f.html {
		return
	}
	// References: "&#x202E;", "&#8238;", "&rlm;", "&lrm;". One cut by the
	// chunk's end is read with the next chunk.
	var text []byte
	start := base
	if len(f.carry) > 0 {
		text = append(f.carry, b...)
		start -= int64(len(f.carry))
	} else {
		text = b
	}
	f.carry = f.carry[:0]
	for i := 0; i < len(text); i++ {
		k := bytes.IndexByte(text[i:], '&')
		if k < 0 {
			break
		}
		i += k
		r, n, short := bidiRef(text[i:])
		if short {
			f.carry = append(f.carry[:0], text[i:]...)
			break
		}
		if r != 0 {
			f.marks = append(f.marks, mark{start + int64(i), start + int64(i+n), r})
		}
	}
}

// bidiRef reads a character reference at the start of b to a bidi
// formatting character: its rune and length. short reports that b ends
// before the reference could be decided.
func bidiRef(b []byte) (r rune, n int, short bool) {
	const longest = len("&#x0000202e;")
	for _, name := range []string{"&lrm;", "&rlm;"} {
		if len(b) < len(name) && string(b) == name[:len(b)] {
			return 0, 0, true
		}
		if strings.HasPrefix(string(b[:min(len(b), len(name))]), name) {
			if name == "&lrm;" {
				return 0x200E, len(name), false
			}
			return 0x200F, len(name), false
		}
	}
	if len(b) < 2 {
		return 0, 0, len(b) < longest
	}
	if b[1] != '#' {
		return 0, 0, false
	}
	i, hex, base := 2, false, rune(10)
	if i < len(b) && b[i]|0x20 == 'x' {
		hex, base = true, 16
		i++
	}
	v, digits := rune(0), 0
	for ; i < len(b); i++ {
		c := b[i]
		var d rune
		switch {
		case '0' <= c && c <= '9':
			d = rune(c - '0')
		case hex && 'a' <= c|0x20 && c|0x20 <= 'f':
			d = rune(c|0x20-'a') + 10
		default:
			goto done
		}
		if v < 0x110000 {
			v = v*base + d
		}
		digits++
	}
	// The end of b inside the digits: more may follow.
	return 0, 0, i < longest
done:
	if digits == 0 || !iri.IsBidiFormatting(v) {
		return 0, 0, false
	}
	if b[i] == ';' {
		i++
	}
	return v, i, false
}

func decodeRune(b []byte) (rune, int) {
	if b[0] == 0xD8 {
		return rune(b[0]&0x1F)<<6 | rune(b[1]&0x3F), 2
	}
	return rune(b[0]&0x0F)<<12 | rune(b[1]&0x3F)<<6 | rune(b[2]&0x3F), 3
}

// bidiNear returns a bidi formatting character that ends at start or
// begins at end, and which.
func (f *feed) bidiNear(start, end int64) (rune, string) {
	k := sort.Search(len(f.marks), func(k int) bool { return f.marks[k].end >= start })
	for _, m := range f.marks[k:] {
		if m.start > end {
			break
		}
		switch {
		case m.end == start:
			return m.r, "before"
		case m.start == end:
			return m.r, "after"
		case m.start >= start && m.end <= end:
			return m.r, "inside"
		}
	}
	return 0, ""
}

var _ io.Reader = (*feed)(nil)
