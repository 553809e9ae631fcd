package scanner

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"net/netip"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/iriscan/iriscan/iri"
)

// Look-behind and look-ahead bounds. Every decision about a trigger at t
// reads only w[t-lookBehind : t+f.maxLen+lookAheadSlack], and every backward
// scan is bounded by a constant below lookBehind, so results do not depend
// on how the input is split into chunks.
const (
	lookBehind     = 512
	lookAheadSlack = 2048
	maxLocalPart   = 64  // RFC 5321 Section 4.5.3.1.1
	maxLabelBack   = 252 // bytes scanned back from a dot for a fuzzy label
	maxDepth       = 32  // bracket nesting kept track of
)

// result is the outcome of trying a candidate.
type result uint8

const (
	rNone     result = iota // not a match
	rMatch                  // a match
	rOverlong               // longer than the maximum length: not a match
)

// candidate is a match within a window.
type candidate struct {
	start, end int
	candidateInfo
}

// candidateInfo is what a candidate is besides where it is. It is a struct of its
// own so that a candidate has no more than the four fields the compiler
// keeps in registers: with five, each candidate returned by at was stored
// a field at a time and copied through memory (22 instructions a match,
// and loads the processor cannot forward from the narrower stores).
type candidateInfo struct {
	kind   Kind
	mapped bool // its IRI form is finder.mapped, not w[start:end]
	clean  bool // w[start:end] is its own IRI form (iriForm returns nil)
}

// at tries the trigger byte at w[t] (':' '@' or a label dot). Matches may not
// start before lastEnd.
func (f *finder) at(w []byte, t, lastEnd int) (candidate, result) {
	f.schemeOK = false
	switch w[t] {
	case ':':
		if t == 0 || !f.schemeLast[w[t-1]|0x20] {
			break // no known scheme ends with this byte ("10:30")
		}
		s := -1
		if t+2 < len(w) && w[t+1] == '/' && w[t+2] == '/' {
			start, end, r, ok := f.fused(w, t, lastEnd, KindScheme)
			if ok {
				return candidate{start, end, candidateInfo{kind: KindScheme, clean: true}}, r
			}
			s = start
		} else {
			s = f.schemeStart(w, t, lastEnd)
		}
		if s >= 0 {
			return f.try(w, s, lastEnd, KindScheme)
		}
	case '@':
		if start, end, r, ok := f.fusedEmail(w, t, lastEnd); ok {
			return candidate{start, end, candidateInfo{kind: KindEmail, clean: true}}, r
		}
		if s := emailStart(w, t, lastEnd); s >= 0 && !loginTarget(w, s) {
			if o := wrappedStart(w, s, lastEnd); o >= 0 {
				if c, r := f.try(w, o, lastEnd, KindEmail); r == rMatch {
					return c, r
				}
			}
			return f.try(w, s, lastEnd, KindEmail)
		}
	default: // a label dot
		if w[t] == '.' && t-3 >= lastEnd && binary.LittleEndian.Uint32(w[t-3:])|0x202020 == 'w'|'w'<<8|'w'<<16|'.'<<24 && domainBoundary(w, t-3) {
			start, end, r, ok := f.fused(w, t, lastEnd, KindWWW)
			if ok && r != rNone {
				return candidate{start, end, candidateInfo{kind: KindWWW, clean: true}}, r
			}
			if !ok {
				if c, r := f.try(w, t-3, lastEnd, KindWWW); r != rNone {
					return c, r
				}
			}
		}
		if f.fuzzy {
			if s := fuzzyStart(w, t, lastEnd); s >= 0 {
				return f.try(w, s, lastEnd, KindFuzzy)
			}
		}
	}
	return candidate{}, rNone
}

// schemeStart returns the start of the known scheme ending at the ':' at
// w[t], or -1. A scheme may follow any character but an ASCII letter or
// digit (rule 2).
func (f *finder) schemeStart(w []byte, t, lastEnd int) int {
	lo := max(lastEnd, t-f.maxScheme)
	run := w[lo:t] // the scheme characters before t are run[n:]
	n := len(run)
	for n > 0 && schemeChars[run[n-1]] {
		n--
	}
	j := lo + n
	if !f.slow {
		if t+1 == len(w) || t+1 < len(w) && isASCIISpace(w[t+1]) {
			// "Note: …": after a scheme and a blank only a delimited
			// form (<…>, <URL:…>, ⟨…⟩, whose IRI drops line-wrapping
			// white space) can match, and only with the scheme starting
			// at j, after '<', ':' or the last byte of '⟨'. Everything
			// else parse tries ends at the blank (no match), unless it
			// is already longer than the maximum length.
			if (j == lastEnd || w[j-1] != '<' && w[j-1] != ':' && w[j-1] != 0xA8) && t+1-j < f.maxLen {
				return -1
			}
		}
	}
	for s := j; s < t; s++ {
		if isLetter(w[s]) && (s == 0 || !isAlnum(w[s-1]) || encodedSoftBefore(w, s)) {
			if hier, ok := f.lookup(w[s:t]); ok {
				f.schemeOK, f.schemeW, f.schemeS, f.schemeT, f.schemeHier = true, &w[0], s, t, hier
				return s
			}
		}
	}
	return -1
}

// lookup finds a scheme name case-insensitively, without allocating. A
// compound name (svn+ssh, git+https: RFC 3986 Section 3.1 allows '+' in a
// scheme) is known when its last component is and the components before it
// are letters and digits; it is hierarchical.
func (f *finder) lookup(name []byte) (hier, ok bool) {
	if len(name) > maxSchemeLen {
		return false, false
	}
	var buf [maxSchemeLen]byte
	h := uint32(schemeHashInit)
	for i, c := range name {
		c = lower(c) // '+', '-', '.' and digits are unchanged by lower
		buf[i] = c
		h = schemeHash(h, c)
	}
	key := buf[:len(name)]
	if hier, ok := f.find(key, h); ok {
		return hier, true
	}
	p := bytes.LastIndexByte(key, '+')
	if p <= 0 || p == len(key)-1 || p > maxCompoundPrefix {
		return false, false
	}
	h = schemeHashInit
	for _, c := range key[p+1:] {
		h = schemeHash(h, c)
	}
	if _, ok := f.find(key[p+1:], h); !ok {
		return false, false
	}
	if !isAlnum(key[p-1]) {
		return false, false // "c++http"
	}
	for i, c := range key[:p] {
		if !isAlnum(c) && (c != '+' || key[i-1] == '+') {
			return false, false
		}
	}
	return true, true
}

// isLocalRune reports whether r may appear in the dot-atom local part of
// an e-mail address: the atext of RFC 5322 Section 3.2.3 and '.', and the
// letters, marks and digits of any script (RFC 6531). '?' is left out: in
// running text it starts a query (?to=jane@…) far more often than it is
// part of an address.
func isLocalRune(r rune) bool {
	if r < utf8.RuneSelf {
		return atextASCII[byte(r)]
	}
	return classOf(r, false) == cBody && unicode.In(r, unicode.L, unicode.M, unicode.N)
}

// scanBack scans back from w[t] over the runes in accepts (for ASCII,
// the table ascii, which says the same), not before lo,
// and stops where a run of ASCII meets CJK text (連絡先はjohn@…). It returns
// the start of the run, or -1 when the run is empty or continues before lo
// (too long, or cut by the previous match).
func scanBack(w []byte, t, lo int, in func(rune) bool, ascii *[256]bool) int {
	s := t
	onlyASCII := true
	for s > lo {
		if b := w[s-1]; b < utf8.RuneSelf {
			// ascii holds in for the ASCII characters.
			if !ascii[b] {
				break
			}
			s--
			continue
		}
		r, size := utf8.DecodeLastRune(w[:s])
		if !in(r) {
			break
		}
		if r >= utf8.RuneSelf {
			if onlyASCII && s < t && isCJK(r) {
				break
			}
			onlyASCII = false
		}
		s -= size
	}
	if s == t || s == lo && s > 0 && in(lastRune(w[:s])) {
		return -1
	}
	return s
}

// emailStart scans back from the '@' at w[t] over the local part and returns
// its start, or -1. In running text a local part does not take in a
// "KEY=" or "--option=" before it, nor the quotes, bars, slashes and
// emphasis marks that open it ('jane@…', |jane@…|, *jane@…*), and an
// address after a configuration prefix glued to it (inet:8891@localhost,
// unix:…) is none.
func emailStart(w []byte, t, lastEnd int) int {
	lo := max(lastEnd, t-maxLocalPart-2)
	if t-1 > lo && w[t-1] == '"' {
		return quotedStart(w, t-1, lo)
	}
	lo = max(lastEnd, t-maxLocalPart)
	s, ok := scanBackASCII(w, t, lo, &atextASCII)
	if !ok {
		s = scanBack(w, t, lo, isLocalRune, &atextASCII)
	}
	if s < 0 {
		return -1
	}
	if w[s] == '/' || configPrefix(w, s) {
		return -1 // a path (/srv/git@…, unix:/run/milter@…), or inet:8891@…
	}
	if k := bytes.LastIndexByte(w[s:t], '='); k >= 0 && isKey(w[s:s+k]) {
		s += k + 1
	}
	for s < t && localOpeners[w[s]] {
		s++
	}
	if s == t || configPrefix(w, s) {
		return -1
	}
	return s
}

// localOpeners are the quotes, bars and emphasis marks that open a local
// part in running text and are not part of it ('jane@…', |jane@…|).
var localOpeners = byteSet("'`{|*~")

// scanBackASCII is scanBack(w, t, lo, in, ascii) for a run of ASCII bytes
// that stops after lo: ok is false when it meets a non-ASCII byte or runs
// back to lo, where scanBack has more to decide.
func scanBackASCII(w []byte, t, lo int, ascii *[256]bool) (s int, ok bool) {
	b := w[lo:t]
	n := len(b)
	for n > 0 {
		c := b[n-1]
		if !ascii[c] {
			if c >= utf8.RuneSelf {
				return 0, false
			}
			break
		}
		n--
	}
	if n == 0 && lo > 0 {
		return 0, false
	}
	if n == len(b) {
		return -1, true // an empty run
	}
	return lo + n, true
}

// wrappedStart returns where an address starts whose local part begins
// at w[s] on a continuation line: in a man page groff wraps a long address
// inside <…> or ⟨…⟩ after a hyphen, its own or one it added
// (<mario.blaetter‐⏎       mann@gmail.com>, ⟨man-pages-ru-⏎ talks@…⟩). It
// is the index after the opening delimiter on the line before, when only
// local-part characters and hyphens stand between it and the line end, or
// -1.
func wrappedStart(w []byte, s, lastEnd int) int {
	j := s
	for j > lastEnd && (w[j-1] == ' ' || w[j-1] == '\t') && s-j < 80 {
		j--
	}
	if j == s || j <= lastEnd || w[j-1] != '\n' {
		return -1
	}
	j--
	if j > lastEnd && w[j-1] == '\r' {
		j--
	}
	end := j
	for j > lastEnd && end-j < maxLocalPart {
		r, size := utf8.DecodeLastRune(w[:j])
		switch {
		case r == '<':
			if j < end {
				return j
			}
			return -1
		case r == 0x27E8: // ⟨
			if j < end {
				return j
			}
			return -1
		case r == 0x2010 || isLocalRune(r):
			j -= size
		default:
			return -1
		}
	}
	return -1
}

// loginCommands are the commands whose operand user@host is a login
// target, not a mailbox.
var loginCommands = []string{"ssh", "slogin", "autossh", "mosh", "sftp", "ssh-copy-id", "rlogin", "rsh"}

// loginTarget reports whether the address-like word at w[s] is the operand
// of a remote login command on the same line (ssh username@example.org
// /usr/sbin/sendmail …, ssh -p 2222 -i key admin@host, mosh user@host): a
// login target, not an e-mail address. Between the command and the word
// only options (-x) and the values after them may stand. It reads at most
// 96 bytes back.
func loginTarget(w []byte, s int) bool {
	if s == 0 || w[s-1] != ' ' && w[s-1] != '\t' {
		return false // the command's operand is a word of its own
	}
	j, lo := s, max(0, s-96)
	for range 6 {
		for j > lo && (w[j-1] == ' ' || w[j-1] == '\t') {
			j--
		}
		e := j
		j = wordStart(w, lo, e)
		if e == j || j == lo && lo > 0 {
			return false
		}
		word := w[j:e]
		if k := bytes.LastIndexByte(word, '/'); k >= 0 && k+1 < len(word) {
			word = word[k+1:] // /usr/bin/ssh
		}
		if isLoginCommand(word) {
			return true
		}
		if word[0] != '-' {
			// An option's value, or else neither an option nor that:
			// the word before it tells.
			p := j
			for p > lo && (w[p-1] == ' ' || w[p-1] == '\t') {
				p--
			}
			if q := wordStart(w, lo, p); p == q || w[q] != '-' {
				return false
			}
		}
	}
	return false
}

// isLoginCommand reports whether word is one of loginCommands, in any
// case.
func isLoginCommand(word []byte) bool {
	if c := word[0] | 0x20; c != 's' && c != 'a' && c != 'm' && c != 'r' {
		return false // the first letter of none of them
	}
	for _, c := range loginCommands {
		if len(word) == len(c) && hasPrefixFold(word, c) {
			return true
		}
	}
	return false
}

// wordStart returns the start of the run of bytes above ' ' that ends at
// w[e], not before lo: eight bytes at a time while they last (in a word,
// the high bit of each byte that is ' ' or below is that of neither
// its value less 0x21 below 0x80, nor the byte itself).
func wordStart(w []byte, lo, e int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	j := e
	for j-8 >= lo {
		x := binary.LittleEndian.Uint64(w[j-8:])
		if blank := ^((x&^highs + 0x5F*ones) | x) & highs; blank != 0 {
			return j - 8 + (63-bits.LeadingZeros64(blank))/8 + 1
		}
		j -= 8
	}
	for j > lo && w[j-1] > ' ' {
		j--
	}
	return j
}

// isKey reports whether b reads as the key of a KEY=value pair or an
// option: letters, digits and "_ . -" (customer/department=shipping@… is an
// address, EMAIL=jane@… and --author=jane@… are not).
func isKey(b []byte) bool {
	for _, c := range b {
		if !isAlnum(c) && c != '_' && c != '.' && c != '-' {
			return false
		}
	}
	return len(b) > 0
}

// mailLabels are the words that, glued to an address by a ':', label it
// (Email:jane@…) rather than make it a configuration value.
var mailLabels = []string{"mail", "email", "e-mail", "contact", "from", "to", "cc", "bcc",
	"reply-to", "sender", "author", "maintainer", "uploader", "owner", "address", "smtp", "by"}

// configPrefix reports whether the local part at w[s] follows "word:" with
// an ASCII word that is not a mail label: inet:8891@localhost,
// unix:milter@…, tcp:…@… are socket and configuration forms.
func configPrefix(w []byte, s int) bool {
	if s < 2 || w[s-1] != ':' {
		return false
	}
	j := s - 1
	for j > 0 && s-1-j < 16 && (isAlnum(w[j-1]) || w[j-1] == '-') {
		j--
	}
	word := w[j : s-1]
	if len(word) == 0 || j > 0 && (isAlnum(w[j-1]) || w[j-1] == '-') || !isLetter(word[0]) {
		return false
	}
	for _, l := range mailLabels {
		if len(l) == len(word) && hasPrefixFold(word, l) {
			return false
		}
	}
	return true
}

// quotedStart returns the start of a quoted local part (RFC 5322 Section
// 3.2.4: "john smith"@…) whose closing quote is at w[q], or -1: its
// content is printable UTF-8 text without '"', '\\' or line breaks, and the
// opening quote does not follow a word.
func quotedStart(w []byte, q, lo int) int {
	for o := q - 1; o >= lo; o-- {
		c := w[o]
		if c == '"' {
			if o == q-1 || o > 0 && (isAlnum(w[o-1]) || w[o-1] == '"') || !utf8.Valid(w[o+1:q]) {
				return -1 // RFC 6532: a quoted local part is UTF-8 text
			}
			return o
		}
		if c == '\\' || c < 0x20 || c == 0x7f {
			return -1
		}
	}
	return -1
}

// domainBoundary reports whether a scheme-less domain may start at w[s]: it
// must not continue a word, a path, an address or a number.
func domainBoundary(w []byte, s int) bool {
	if s == 0 {
		return true
	}
	if b := w[s-1]; b < utf8.RuneSelf {
		return !notBeforeDomain[b]
	}
	r, _ := utf8.DecodeLastRune(w[:s])
	if r < utf8.RuneSelf {
		return !notBeforeDomain[r]
	}
	return isCJK(r) || !isHostRune(r)
}

// fuzzyStart scans back from the label dot at w[t] over one label and
// returns the start of a bare domain, or -1.
func fuzzyStart(w []byte, t, lastEnd int) int {
	s := scanBack(w, t, max(lastEnd, t-maxLabelBack), isLabelRune, &labelASCII)
	if s < 0 || !domainBoundary(w, s) {
		return -1
	}
	return s
}

// isLabelRune reports whether r may be part of a label of a bare domain
// (no '_' there, unlike after a scheme).
func isLabelRune(r rune) bool {
	if r >= utf8.RuneSelf {
		// No box drawing or block elements: tree output
		// (└─network-online.target) draws them before names.
		return isHostRune(r) && !(r >= 0x2500 && r <= 0x259F)
	}
	return r != '_' && isHostRune(r)
}

// quoteClosers pairs the opening quotes of rule 6 with their closing quotes.
var quoteClosers = []struct{ open, close rune }{
	{'"', '"'}, {'`', '`'}, {'|', '|'}, {'“', '”'}, {'„', '“'}, {'«', '»'}, {'‹', '›'}, {'「', '」'}, {'『', '』'},
}

// try parses a candidate of kind k starting at w[s], in its delimited form
// (<…>, <URL:…>, or groff's ⟨…⟩) when so delimited.
func (f *finder) try(w []byte, s, lastEnd int, k Kind) (candidate, result) {
	if s-1 >= lastEnd && w[s-1] == '<' || s-5 >= lastEnd && hasPrefixFold(w[s-5:], "<URL:") {
		if c, ok := f.tryAngle(w, s, k, ">", "<"); ok {
			return c, rMatch
		}
	} else if s-3 >= lastEnd && string(w[s-3:s]) == "\u27E8" {
		if c, ok := f.tryAngle(w, s, k, "\u27E9", "\u27E8"); ok {
			return c, rMatch
		}
	}
	var closer rune
	if s > 0 {
		if b := w[s-1]; b < utf8.RuneSelf {
			// The ASCII openers of quoteClosers close themselves.
			if b == '"' || b == '`' || b == '|' {
				closer = rune(b)
			}
		} else {
			r, _ := utf8.DecodeLastRune(w[:s])
			for _, q := range quoteClosers {
				if q.open == r {
					closer = q.close
				}
			}
		}
	}
	end, res := f.parse(w, s, k, false, closer)
	if res == rMatch && end-s > f.maxLen {
		res = rOverlong
	}
	return candidate{s, end, candidateInfo{kind: k, clean: f.clean && !f.slow}}, res
}

// tryAngle handles a candidate delimited by open and close (RFC 3986
// Appendix C; groff writes .UR links as ⟨…⟩): the match runs to the
// closing delimiter, less any whitespace before it, and its IRI form drops
// the line-wrapping whitespace inside and reads groff's U+2010 HYPHEN as
// '-' (see groffHyphen).
func (f *finder) tryAngle(w []byte, s int, k Kind, close, open string) (candidate, bool) {
	lim := min(len(w), s+f.maxLen+len(close))
	var j int
	if len(close) == 1 {
		j = bytes.IndexByte(w[s:lim], close[0])
	} else {
		j = bytes.Index(w[s:lim], unsafe.Slice(unsafe.StringData(close), len(close)))
	}
	if j <= 0 || containsString(w[s:s+j], open) {
		return candidate{}, false
	}
	content := w[s : s+j]
	for len(content) > 0 {
		r, size := utf8.DecodeLastRune(content)
		if !isSpace(r) {
			break
		}
		content = content[:len(content)-size]
	}
	if len(content) == 0 {
		return candidate{}, false
	}
	iri := content
	var mapped []byte
	var added uint8 // see groffAddsHyphens
	near := w[max(0, s-hyphenNear):min(len(w), s+len(content)+2*hyphenNear)]
	for i := 0; i < len(content); {
		if mapped == nil {
			// Up to the next blank or non-ASCII byte, nothing to map.
			if i = skipGraphic(content, i); i == len(content) {
				break
			}
		}
		r, size := rune(content[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(content[i:])
		}
		if isSpace(r) || r == 0x2010 {
			if mapped == nil {
				mapped = append(make([]byte, 0, len(content)), content[:i]...)
			}
			if r == 0x2010 && !(atLineBreak(content, i+size) && groffAddsHyphens(content, near, &added)) {
				mapped = append(mapped, '-')
			}
		} else if mapped != nil {
			mapped = append(mapped, content[i:i+size]...)
		}
		i += size
	}
	if mapped != nil {
		iri = mapped
	}
	if mapped == nil && f.schemeOK && f.schemeW == &w[0] && f.schemeS == s {
		// The scheme schemeStart found is iri's: parse need not look
		// it up again.
		f.schemeW, f.schemeS, f.schemeT = &iri[0], 0, f.schemeT-s
	}
	end, res := f.parse(iri, 0, k, true, 0)
	if res != rMatch || end != len(iri) {
		return candidate{}, false
	}
	f.mapped = mapped
	return candidate{s, s + len(content), candidateInfo{kind: k, mapped: mapped != nil, clean: mapped == nil && f.clean && !f.slow}}, true
}

// A U+2010 HYPHEN right before a line break (atLineBreak) in a delimited
// form is either one groff added when it hyphenated a word, to be dropped
// when the lines are joined (<https://savan‐⏎ nah.gnu.org/…> is savannah),
// or the source's own '-'. groff renders a '-' of the source as U+2010 or,
// where the system's man macros ask for it (Debian's do), as '-'; the
// hyphen it adds at a break is always U+2010. The text around tells which
// renderer wrote it (groffAddsHyphens); without a clue the U+2010 is the
// source's '-' (user‐⏎guide is user-guide).

// hyphenNear bounds the text read around a delimited form for that clue:
// hyphenNear bytes before it and twice as many after it, within the
// scanner's look-behind and look-ahead.
const hyphenNear = 256

// atLineBreak reports whether content[i:] starts with blanks and a newline.
func atLineBreak(content []byte, i int) bool {
	for i < len(content) && (content[i] == ' ' || content[i] == '\t' || content[i] == '\r') {
		i++
	}
	return i < len(content) && content[i] == '\n'
}

// groffAddsHyphens reports whether the renderer of content and the text
// near it writes the source's hyphens as '-', so that a U+2010 at a line
// end is one it added: no U+2010 stands inside a line there, and a '-'
// joins two letters or digits (E-Mail, der-storch-85) or another U+2010
// ends a line (prose hyphenated: Quatha‐⏎mer). *memo caches the answer for
// one content (0 unknown, 1 yes, 2 no).
func groffAddsHyphens(content, near []byte, memo *uint8) bool {
	if *memo == 0 {
		*memo = 2
		ascii, lineEnds := false, 0
		for i := 0; i < len(near); i++ {
			switch {
			case near[i] == '-' && i > 0 && i+1 < len(near) && isAlnum(near[i-1]) && isAlnum(near[i+1]):
				ascii = true
			case near[i] == 0xE2 && i+2 < len(near) && near[i+1] == 0x80 && near[i+2] == 0x90: // U+2010
				if !atLineBreak(near, i+3) {
					return false
				}
				lineEnds++
				i += 2
			}
		}
		if ascii || lineEnds > bytes.Count(content, []byte("\u2010")) {
			*memo = 1
		}
	}
	return *memo == 1
}

// isSpace reports whether r is whitespace of any kind.
func isSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return isASCIISpace(byte(r))
	}
	return unicode.IsSpace(r) || r == 0x200B || r == 0x2060 || r == 0xFEFF
}

// parse parses a candidate of kind k at w[s] forward and returns its end.
// In delimited mode trailing punctuation is kept.
func (f *finder) parse(w []byte, s int, k Kind, delimited bool, closer rune) (int, result) {
	f.clean = false
	i := s
	switch k {
	case KindScheme:
		for w[i] != ':' {
			i++
		}
		var hier bool
		if f.schemeOK && s == f.schemeS && i == f.schemeT && &w[0] == f.schemeW {
			hier = f.schemeHier
		} else {
			hier, _ = f.lookup(w[s:i])
		}
		name := w[s:i]
		i++
		if bytes.HasPrefix(w[i:], []byte("//")) {
			// Nothing before the path needs escaping in Match.IRI: the
			// scheme, "//", userinfo, host (an IP literal's brackets stay)
			// and port; body tells about the rest.
			f.bodyEsc = false
			end, res := f.authority(w, name, i+2, s, delimited, closer)
			f.clean = !f.bodyEsc
			return end, res
		}
		if isFile(name) && i+1 < len(w) && w[i] == '/' && plainBody[w[i+1]] && w[i+1] != '/' {
			// RFC 8089 Section 2: file:/etc/passwd, a local path-absolute
			// without an authority.
			return f.body(w, i, s, delimited, closer, false)
		}
		if hier {
			return 0, rNone
		}
		return f.opaque(w, name, i, s, delimited, closer)
	case KindWWW:
		f.bodyEsc = false // a host and port need no escaping in Match.IRI
		var end int
		var res result
		var m classMasks
		switch e, labels, st := f.plainHost(w, s, hostICANN, &m); st {
		case hostPlain:
			end, res = f.afterHost(w, s, e, labels, s, delimited, closer)
		case hostBad:
			return 0, rNone
		default:
			end, res = f.hostAndRest(w, s, s, hostICANN, delimited, closer)
		}
		f.clean = !f.bodyEsc
		return end, res
	case KindEmail:
		end, ok := f.address(w, s, hostICANN)
		if !ok || end+1 < len(w) && w[end] == ':' && loginPath[w[end+1]] {
			// user@host:path is a login target (scp, a git remote)
			return 0, rNone
		}
		f.clean = !hasEscapeOrHash(w[s:end])
		return end, rMatch
	case KindFuzzy:
		end, tld, labels, ok := f.scanHost(w, s, hostICANN, true)
		if !ok || localEnd(w, s) >= 0 {
			return 0, rNone // the local part of an e-mail address
		}
		if labels == 2 && fileExtTLDs[tld] && (end >= len(w) || w[end] != '/' && w[end] != ':') {
			return 0, rNone
		}
		if !f.ioc && isDottedNumber(w[s:end]) && !(end+1 < len(w) && (w[end] == ':' && isDigit(w[end+1]) ||
			w[end] == '/' && !isDigit(w[end+1]))) {
			// A bare IPv4 address in prose, command output or a CIDR
			// range (192.0.2.0/24) is no link; with a port or a path
			// (192.0.2.1:8080, 192.0.2.1/admin) it is. With Refang it is
			// too: indicator lists write addresses bare (192[.]0[.]2[.]1).
			return 0, rNone
		}
		f.bodyEsc = false // a host and port need no escaping in Match.IRI
		end, res := f.rest(w, end, s, delimited, closer)
		f.clean = !f.bodyEsc
		return end, res
	}
	return 0, rNone
}

// authority parses what follows "scheme://" at w[i] for a candidate
// starting at w[s] whose scheme is name.
func (f *finder) authority(w, name []byte, i, s int, delimited bool, closer rune) (int, result) {
	if isFile(name) && i < len(w) && w[i] == '/' {
		return f.body(w, i, s, delimited, closer, false)
	}
	var m classMasks
	switch end, labels, st := f.plainHost(w, i, hostScheme, &m); st {
	case hostPlain:
		return f.afterHost(w, i, end, labels, s, delimited, closer)
	case hostBad:
		return 0, rNone
	}
	if mayHaveUserinfo(w, i) || f.slow {
		if u := userinfoEnd(w, i); u > i {
			i = u + 1
		}
	}
	return f.hostAndRest(w, i, s, hostScheme, delimited, closer)
}

// mayHaveUserinfo reports whether userinfoEnd(w, i) may find an '@': it
// cannot when the first ASCII byte from w[i] that is not a host letter,
// digit, '-', '_' or '.' is neither '@' nor a userinfo character, since an
// '@' it finds is such a byte and comes first. The bytes of non-ASCII
// characters are passed over without decoding them (a host such as
// пример.рф, where userinfoEnd decodes and classifies every character).
func mayHaveUserinfo(w []byte, i int) bool {
	lim := min(len(w), i+256)
	j := i
	for j < lim && (w[j] >= utf8.RuneSelf || hostOrDot[w[j]]) {
		j++
	}
	return j == lim && lim < len(w) || j < len(w) && (w[j] == '@' || userinfoASCII[w[j]])
}

// opaque parses what follows the ':' at w[i-1] of a non-hierarchical
// scheme written without "//", for a match starting at w[s]: each scheme of
// nonHierarchical has its syntax checked (so that "News::Article" or
// "Geo::IP" in code is no match); any other scheme a caller lists needs
// some body.
func (f *finder) opaque(w, name []byte, i, s int, delimited bool, closer rune) (int, result) {
	var ok bool
	var buf [6]byte
	ln := buf[:0]
	if len(name) <= len(buf) {
		for _, c := range name {
			ln = append(ln, lower(c))
		}
	}
	switch string(ln) { // compared without allocating
	case "mailto":
		end, ok := f.address(w, i, hostScheme)
		if !ok {
			return 0, rNone
		}
		if end < len(w) && w[end] == '?' {
			return f.body(w, end, s, delimited, closer, true)
		}
		return end, rMatch
	case "urn":
		// RFC 8141 Section 2: NID = (alphanum) 0*30(ldh) (alphanum), then
		// ':' and a non-empty NSS.
		j := i
		for j < len(w) && j-i <= 32 && (isAlnum(w[j]) || w[j] == '-') {
			j++
		}
		ok = j-i >= 2 && j-i <= 32 && isAlnum(w[i]) && isAlnum(w[j-1]) &&
			j+1 < len(w) && w[j] == ':' && isNSSStart(w[j+1])
	case "tel", "sms":
		// RFC 3966 / RFC 5724: a global number "+" digits, or a local
		// number of digits, with visual separators.
		j := i
		if j < len(w) && w[j] == '+' {
			j++
		}
		ok = j < len(w) && isDigit(w[j])
	case "geo":
		// RFC 5870: geo:lat,lon.
		ok = geoStart(w[i:])
	case "magnet":
		ok = i+3 < len(w) && w[i] == '?' && isLetter(w[i+1])
	case "news":
		// RFC 5538: a newsgroup name, "*", or a message-id.
		ok = i < len(w) && (isAlnum(w[i]) || w[i] == '*')
	case "sip", "sips", "xmpp":
		// RFC 3261 / RFC 5122: [user@]host, then parameters.
		j := i
		if u := userinfoEnd(w, i); u > i {
			j = u + 1
		}
		end, _, _, hostOK := f.scanHost(w, j, hostScheme, false)
		if !hostOK {
			return 0, rNone
		}
		end, res := f.rest(w, end, s, delimited, closer)
		if res == rMatch && end < len(w) && w[end] == ';' {
			return f.body(w, end, s, delimited, closer, false)
		}
		return end, res
	default:
		ok = true
	}
	if !ok {
		return 0, rNone
	}
	end, res := f.body(w, i, s, delimited, closer, false)
	if res == rMatch && end == i {
		return 0, rNone
	}
	return end, res
}

// isNSSStart reports whether b may start a URN namespace-specific string
// (RFC 8141: pchar, or "/" after the first).
func isNSSStart(b byte) bool {
	return isAlnum(b) || strings.IndexByte("-._~%!$&'()*+,;=:@", b) >= 0
}

// geoStart reports whether b starts with "lat,lon" (RFC 5870 Section 3.3).
func geoStart(b []byte) bool {
	num := func(b []byte) int {
		i := 0
		if i < len(b) && b[i] == '-' {
			i++
		}
		d := i
		for i < len(b) && isDigit(b[i]) {
			i++
		}
		if i == d {
			return -1
		}
		if i < len(b) && b[i] == '.' {
			i++
			f := i
			for i < len(b) && isDigit(b[i]) {
				i++
			}
			if i == f {
				return -1
			}
		}
		return i
	}
	n := num(b)
	if n < 0 || n >= len(b) || b[n] != ',' {
		return false
	}
	return num(b[n+1:]) > 0
}

// address parses an e-mail address local@domain at w[i] and returns its
// end. After "mailto:" (hostScheme) the domain may be any real host; a bare
// address (hostICANN) needs an ICANN top-level domain and its ASCII domain
// ends where CJK text is glued to it. A domain is never a bare IPv4
// address: RFC 5321 Section 4.1.3 writes it as a literal, [192.0.2.1] or
// [IPv6:2001:db8::1].
func (f *finder) address(w []byte, i int, k hostKind) (int, bool) {
	at := localEnd(w, i)
	if at < 0 {
		return 0, false
	}
	if at+1 < len(w) && w[at+1] == '[' {
		return addressLiteral(w, at+1)
	}
	var end int
	var ok bool
	var m classMasks
	switch e, _, st := f.plainHost(w, at+1, k, &m); st {
	case hostPlain:
		end, ok = e, true
	case hostSlow:
		end, _, _, ok = f.scanHost(w, at+1, k, k == hostICANN)
	}
	if !ok || isDottedNumber(w[at+1:end]) {
		return 0, false
	}
	return end, true
}

// addressLiteral parses an RFC 5321 address literal at w[i] ('[') and
// returns its end: an IPv4 address or "IPv6:" and an IPv6 address.
func addressLiteral(w []byte, i int) (int, bool) {
	j := bytes.IndexByte(w[i:min(len(w), i+64)], ']')
	if j < 0 {
		return 0, false
	}
	lit := w[i+1 : i+j]
	if hasPrefixFold(lit, "IPv6:") {
		a, err := netip.ParseAddr(string(lit[5:]))
		return i + j + 1, err == nil && a.Is6()
	}
	return i + j + 1, isIPv4(lit)
}

// isDottedNumber reports whether b is digits and dots only.
func isDottedNumber(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) && c != '.' {
			return false
		}
	}
	return true
}

// hostAndRest parses a host at w[i] (after a scheme or "www.", where a host
// may run on into non-ASCII letters) and what follows it.
func (f *finder) hostAndRest(w []byte, i, s int, hk hostKind, delimited bool, closer rune) (int, result) {
	end, _, labels, ok := f.scanHost(w, i, hk, false)
	if !ok {
		return 0, rNone
	}
	return f.afterHost(w, i, end, labels, s, delimited, closer)
}

// afterHost is hostAndRest after a valid host w[i:end] of labels labels.
func (f *finder) afterHost(w []byte, i, end, labels, s int, delimited bool, closer rune) (int, result) {
	if labels == 1 && bytes.IndexByte(w[i:end], '_') >= 0 {
		// A one-label host with '_' is a placeholder of a syntax
		// template (ftp://ip_server/путь, http://host_name/): no
		// host name has '_' (RFC 952, RFC 1123 Section 2.1).
		return 0, rNone
	}
	if end+1 < len(w) && (w[end] == ':' && isPlaceholderStart(w[end+1]) || w[end] == '\\' && regexEscaped[w[end+1]]) {
		// A port written as a word or a placeholder:
		// http://user:pass@server:port/, http://localhost:<port>/,
		// http://host:${PORT}/ are templates, not links; so is a host
		// with a regular expression's escaped dot (^http://sf\.net/).
		return 0, rNone
	}
	return f.rest(w, end, s, delimited, closer)
}

// regexEscaped: what a backslash escapes in a regular expression (\. \d
// \S \( …), never in a path (C:\temp keeps its backslash).
var regexEscaped = byteSet(".dDsSwW()[]{}?+*^$|")

// regexGroup reports whether b starts a regular expression group that
// matches anything: "(.+)" or "(.*)".
func regexGroup(b []byte) bool {
	return len(b) >= 4 && b[1] == '.' && (b[2] == '+' || b[2] == '*') && b[3] == ')'
}

// isPlaceholderStart reports whether b, right after the ':' that follows a
// host, starts a word or a placeholder where a port would stand.
func isPlaceholderStart(b byte) bool {
	return isLetter(b) || b == '<' || b == '{' || b == '$' || b == '%' || b == '['
}

// isFile reports whether the scheme name is "file", in any case (a byte
// with its case bit set is one of f i l e only if it is that letter).
func isFile(name []byte) bool {
	return len(name) == 4 && binary.LittleEndian.Uint32(name)|0x20202020 == 'f'|'i'<<8|'l'<<16|'e'<<24
}

// rest parses an optional port and path, query and fragment after a host
// ending at w[i].
func (f *finder) rest(w []byte, i, s int, delimited bool, closer rune) (int, result) {
	if i < len(w) && w[i] == ':' {
		j := i + 1
		for j < len(w) && isDigit(w[j]) {
			j++
		}
		if j > i+1 {
			if j-i-1 > 5 || atoi(w[i+1:j]) > 65535 {
				return 0, rNone // not a port
			}
			i = j
		}
	}
	if i-s > f.maxLen {
		return 0, rOverlong
	}
	if i < len(w) && (w[i] == '/' || w[i] == '?' || w[i] == '#') {
		return f.body(w, i, s, delimited, closer, false)
	}
	return i, rMatch
}

func atoi(b []byte) int {
	n := 0
	for _, c := range b {
		n = n*10 + int(c-'0')
	}
	return n
}

// startsLocal reports whether a local part in running text may start with
// b: not with '.' (RFC 5321) nor with + - %, which are more often
// punctuation or escapes there.
func startsLocal(b byte) bool {
	return b != '.' && b != '+' && b != '-' && b != '%'
}

// hasEscapeOrHash reports whether b has a byte of escapeOrHash: when it
// has none, b is its own IRI form (iriForm).
func hasEscapeOrHash(b []byte) bool {
	for _, c := range b {
		if escapeOrHash[c] {
			return true
		}
	}
	return false
}

// containsString is strings.Contains for a byte slice, without a copy
// of either.
func containsString(b []byte, sub string) bool {
	if len(sub) == 1 {
		return bytes.IndexByte(b, sub[0]) >= 0
	}
	return bytes.Contains(b, unsafe.Slice(unsafe.StringData(sub), len(sub)))
}

// skipGraphic returns the index of the first byte at or after b[i] that
// is not printable ASCII ('!' to '~'), or len(b): eight bytes at a time
// while they last (a word has such a byte when one of its bytes is below
// 0x21, or 0x7F and above).
func skipGraphic(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		const ones, highs = 0x0101010101010101, 0x8080808080808080
		if ((x-0x21*ones)|(x+ones)|x)&highs != 0 {
			break
		}
	}
	for i < len(b) && b[i] > ' ' && b[i] < 0x7F {
		i++
	}
	return i
}

// asciiSpace: isASCIISpace as a table.
var asciiSpace = byteSet(" \t\n\r\f\v")

// byteSet returns a table of the bytes in s.
func byteSet(s string) (t [256]bool) {
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

var (
	// plainBody: ASCII body characters without a role in body's state
	// but '/' (not ? # = & : % nor soft, brackets or hard).
	plainBody = func() (t [256]bool) {
		for c := 0; c < 0x80; c++ {
			t[c] = asciiClass[c] == cBody && !strings.ContainsRune("?#=&:%", rune(c))
		}
		return t
	}()
	// bodyRun: plainBody as bits, with runSlash for '/' and runEscape
	// for the characters of needsEscape among them.
	bodyRun = func() (t [256]uint8) {
		for c := range t {
			if plainBody[c] {
				t[c] = runPlain
				if c == '/' {
					t[c] |= runSlash
				}
				if escapeOrHash[c] {
					t[c] |= runEscape
				}
			}
		}
		return t
	}()
	// labelASCII: isLabelRune for the ASCII characters.
	labelASCII = byteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-")
	// atextASCII: RFC 5322 atext, '.' and no '?' (see isLocalRune).
	atextASCII = byteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-/=^_`{|}~.")
	// loginPath: what starts the path of user@host:path (not a digit:
	// UTS #58 reads john.doe@example.com:1234/… as an address).
	loginPath = byteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz/~._-")
	// schemeChars: isSchemeChar as a table.
	schemeChars = byteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-.")
	// userinfoASCII: unreserved, pct-encoded, sub-delims and ':' (RFC 3986 userinfo).
	userinfoASCII = byteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%!$&'()*+,;=:")
	// notBeforeDomain: characters that continue a word, a path, an address
	// or a number, so that a scheme-less domain cannot start after them.
	notBeforeDomain = byteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_@/\\%+=&#?$")
)

// userinfoEnd returns the index of the '@' ending a userinfo at w[i], or -1.
func userinfoEnd(w []byte, i int) int {
	for j := i; j < len(w) && j-i < 256; {
		b := w[j]
		if b == '@' {
			return j
		}
		if b < utf8.RuneSelf {
			if !userinfoASCII[b] {
				return -1
			}
			j++
			continue
		}
		r, size := utf8.DecodeRune(w[j:])
		if classOf(r, false) != cBody {
			return -1
		}
		j += size
	}
	return -1
}

// localEnd scans an e-mail local part (a dot-atom or a quoted string)
// forward from w[s] and returns the index of the '@' after it, or -1.
func localEnd(w []byte, s int) int {
	if s < len(w) && w[s] == '"' {
		q := bytes.IndexByte(w[s+1:min(len(w), s+2+maxLocalPart)], '"')
		if q <= 0 {
			return -1
		}
		j := s + 1 + q + 1
		if j >= len(w) || w[j] != '@' || quotedStart(w, j-1, s) != s {
			return -1
		}
		return j
	}
	j := s
	dots := false // ".." in w[s:j]
	for j < len(w) && j-s <= maxLocalPart {
		if b := w[j]; b < utf8.RuneSelf {
			if b == '@' {
				break
			}
			if !atextASCII[b] {
				return -1
			}
			if b == '.' && j > s && w[j-1] == '.' {
				dots = true
			}
			j++
			continue
		}
		r, size := utf8.DecodeRune(w[j:])
		if !isLocalRune(r) {
			return -1
		}
		j += size
	}
	if j >= len(w) || w[j] != '@' || j == s || !startsLocal(w[s]) || w[j-1] == '.' || dots || j-s > maxLocalPart {
		return -1
	}
	return j
}

// body scans the path, query and fragment starting at w[i] for a candidate
// starting at w[s] and returns the end of the match: trailing soft
// punctuation is left out, closing brackets are kept only when balanced
// within the same part (a path segment, or in the query and fragment also
// between = & :), as in UTS #58, and a new scheme or "www." right
// after punctuation ends the match.
func (f *finder) body(w []byte, i, s int, delimited bool, closer rune, inQuery bool) (int, result) {
	var stack [maxDepth]rune // open brackets
	depth := 0
	filter := false // see '?'
	keep := i
	inFrag := false
	prevSoft := false
	encSoft := false                    // the last character was a percent-encoded soft one
	proseEnds := !delimited && !inQuery // see proseAfterPath
	esc, hash := false, false           // see finder.bodyEsc
	for i < len(w) {
		if i-s >= f.maxLen {
			return 0, rOverlong
		}
		b := w[i]
		if b == '\\' && i+1 < len(w) && regexEscaped[w[i+1]] || b == '(' && regexGroup(w[i:]) {
			// A regular expression (a uscan watch pattern:
			// http://sf.net/gentoo/gentoo-(.+)\.tar\.gz) is no link.
			return 0, rNone
		}
		if plainBody[b] && !prevSoft && !encSoft {
			// A run of ASCII body characters that change no state but
			// the bracket depth of a path segment.
			lim := min(len(w), s+f.maxLen)
			var seen uint8
			for i < lim {
				c := bodyRun[w[i]]
				if c == 0 {
					break
				}
				if c&runSlash != 0 {
					depth = 0
				}
				seen |= c
				i++
			}
			esc = esc || seen&runEscape != 0
			keep = i
			continue
		}
		r, size := rune(b), 1
		var c class
		if b < utf8.RuneSelf {
			c = asciiClass[b]
			switch b {
			case '?':
				if !inFrag {
					inQuery = true
				}
				depth = 0
				// A query part that opens with '(' is a filter (RFC 4516:
				// ldap://…??sub?(cn=Babs%20Jensen)): its brackets balance
				// across '=' '&' ':'.
				filter = i+1 < len(w) && w[i+1] == '('
			case '#':
				inFrag, inQuery = true, false
				depth = 0
				filter = false
			case '/':
				depth = 0
			case '=', '&', ':':
				if (inQuery || inFrag) && !filter {
					depth = 0
				}
			case '%':
				if encodedSoftBefore(w, i+3) {
					// Sentence punctuation a rewrite to URIs encoded (a
					// quote becomes %22): a scheme right after it starts
					// a new match, as after the character itself, so
					// that rewriting twice gives what rewriting once
					// gives. At the end of a match it stays.
					i += 3
					keep = i
					prevSoft, encSoft = false, true
					continue
				}
			}
		} else {
			r, size = decodeRune(w, i)
			c = classOf(r, inQuery)
			if proseEnds && c == cBody && !inQuery && !inFrag {
				proseEnds = false // decided at the first non-ASCII rune
				if f.proseAfterPath(w, s, i, r, closer) {
					goto done
				}
			}
		}
		if r == closer && closer != 0 {
			break
		}
		if b < utf8.RuneSelf && escapeOrHash[b] && c != cHard {
			// Perhaps in the match (a hard character never is).
			esc = esc || b != '#' || hash
			hash = hash || b == '#'
		}
		switch c {
		case cHard:
			goto done
		case cSoft:
			prevSoft = true
			i += size
			continue
		case cOpen:
			if depth == maxDepth {
				goto done
			}
			stack[depth] = r
			depth++
			i += size
			continue
		case cClose:
			if depth == 0 || !matches(stack[depth-1], r) {
				goto done
			}
			depth--
		case cBody:
			if (prevSoft || encSoft) && f.startsNew(w, i) {
				goto done
			}
		}
		i += size
		keep = i
		prevSoft, encSoft = false, false
		if b >= utf8.RuneSelf && c == cBody && !f.slow {
			// A run of non-ASCII body characters: what the loop does
			// for each of them now (proseEnds is decided, or stays so in
			// the query and fragment), without its other steps.
			i = bodyRunHigh(w, i, min(len(w), s+f.maxLen), closer, inQuery)
			keep = i
		}
	}
done:
	f.bodyEsc = esc
	if delimited {
		return i, rMatch
	}
	return keepQuotes(w, s, keep, i), rMatch
}

// proseAfterPath reports whether the CJK letter r at w[i], the first
// non-ASCII character of a match starting at w[s] and still in its path, is
// CJK prose glued to an ASCII IRI rather than a path segment written in
// Han, Kana or Hangul (サイトの https://packages.debian.org/を訪問すると…,
// 可以在ftp://ftp.example.org/pub/unix/处获得). Section 8.3 of
// draft-duerst-iri-bis says a non-ASCII character does not end an IRI, so
// the rule is narrow. It needs all of:
//   - CJK text before the match (at most whitespace and one line break
//     between): the IRI stands in CJK prose; or else a run that starts
//     with a particle or is a conjunction (proseWord);
//   - the match so far all ASCII, with no percent-encoded non-ASCII octet
//     (an author who wrote a non-ASCII path did so from its start);
//   - the run of CJK letters not going on as a path: no '/', '?', '#' or
//     ".ext" right after it (…/wiki/東京/大阪, …/検索?q=, …/資料.pdf), nor
//     the closing quote or bracket of one opened right before the match
//     (「https://example.org/東京」);
//   - where the run stands as a word (a space or the end of the text after
//     it), that it starts with a particle or is a conjunction (proseWord).
func (f *finder) proseAfterPath(w []byte, s, i int, r rune, closer rune) bool {
	return isCJKLetter(r) && asciiPrefix(w, s, i) && f.proseRun(w, s, i, r, closer)
}

// asciiPrefix reports whether w[s:i] is ASCII with no percent-encoded
// non-ASCII octet (see proseAfterPath).
func asciiPrefix(w []byte, s, i int) bool {
	for j := s; j < i; j++ {
		if w[j] >= utf8.RuneSelf || w[j] == '%' && j+1 < i && isHexDigit(w[j+1]) && hexValue(w[j+1]) >= 8 {
			return false
		}
	}
	return true
}

// proseRun is the rest of proseAfterPath, for a CJK letter r at w[i]
// after an ASCII w[s:i]: the run of CJK letters, the text before the match
// and what follows the run.
func (f *finder) proseRun(w []byte, s, i int, r, closer rune) bool {
	before := cjkBefore(w, s)
	if !before && !isProseFirst(r) {
		return false // (proseWord of the run below is false)
	}
	j := i
	for n := 0; j < len(w) && n < 64; n++ {
		q, size := decodeRune(w, j)
		if !isCJKLetter(q) && q != 0x30FB { // ・ joins words of a name
			break
		}
		j += size
	}
	if !before || j >= len(w) || isSpace(lastRuneAt(w, j)) {
		// No CJK prose before the match (the text starts with it, or it
		// stands in Latin text), or the run stands as a word of its own
		// (または www.example.jp/案内 まで): prose only when the run starts
		// with a particle or is a conjunction (https://example.org/を訪問,
		// …/或者 ftp.…, …/docs/에서 확인), and does not go on as a path.
		if !proseWord(w[i:j]) {
			return false
		}
	}
	if j >= len(w) {
		return true
	}
	switch b := w[j]; {
	case b == '/' || b == '?' || b == '#':
		return false
	case b == '.' && j+1 < len(w) && isAlnum(w[j+1]):
		return false
	}
	next, _ := utf8.DecodeRune(w[j:])
	if closer != 0 && next == closer {
		return false
	}
	if s > 0 {
		if op, ok := iri.OpeningBracket(next); ok && op == lastRune(w[:s]) {
			return false
		}
	}
	return true
}

// lastRuneAt returns the rune at w[j].
func lastRuneAt(w []byte, j int) rune {
	r, _ := utf8.DecodeRune(w[j:])
	return r
}

// proseParticles are the Japanese particles that, starting a run glued to
// a path, make it prose (a path segment seldom starts with one).
const proseParticles = "をにでへとがはのもや"

// proseParticlePrefixes are the Japanese particles of two kana that start
// prose the same way.
var proseParticlePrefixes = []string{"から", "まで", "より"}

// proseWords are whole runs that are prose: Korean particles (written glued
// to the word before them) and Chinese conjunctions.
var proseWords = []string{
	"에서", "에", "을", "를", "이", "가", "은", "는", "의", "로", "으로", "와", "과", "도", "에게", "부터", "까지",
	"或者", "或", "和", "及", "以及", "与", "或是",
}

// proseWord reports whether the CJK run b, followed by a space or the end
// of the text, is prose (see proseParticles and proseWords).
func proseWord(b []byte) bool {
	r, _ := utf8.DecodeRune(b)
	if !isProseFirst(r) {
		return false // the first rune of no particle, prefix or word
	}
	if strings.ContainsRune(proseParticles, r) {
		return true
	}
	for _, p := range proseParticlePrefixes {
		if strings.HasPrefix(string(b), p) {
			return true
		}
	}
	for _, p := range proseWords {
		if string(b) == p {
			return true
		}
	}
	return false
}

// isProseFirst reports whether r is the first rune of one of
// proseParticles, proseParticlePrefixes and proseWords: a run that starts
// with any other rune is no prose word.
func isProseFirst(r rune) bool {
	return proseFirst[uint32(r)%uint32(len(proseFirst))] == r
}

// proseFirst holds those runes by their value modulo its length, the
// least length at which no two of them share a slot (-1: no rune).
var proseFirst = func() []rune {
	var rs []rune
	for _, r := range proseParticles {
		rs = append(rs, r)
	}
	for _, ws := range [][]string{proseParticlePrefixes, proseWords} {
		for _, w := range ws {
			r, _ := utf8.DecodeRuneInString(w)
			rs = append(rs, r)
		}
	}
	for n := len(rs); ; n++ {
		t := make([]rune, n)
		for k := range t {
			t[k] = -1
		}
		for _, r := range rs {
			if t[uint32(r)%uint32(n)] >= 0 && t[uint32(r)%uint32(n)] != r {
				t = nil
				break
			}
			t[uint32(r)%uint32(n)] = r
		}
		if t != nil {
			return t
		}
	}
}()

// cjkBefore reports whether the text before w[s], past blanks and at most
// one line break (a man page wraps a CJK sentence before an IRI), ends with
// a CJK character. It reads at most 64 bytes back.
func cjkBefore(w []byte, s int) bool {
	j, breaks := s, 0
	for j > 0 && s-j < 64 {
		c := w[j-1]
		if c == '\n' {
			if breaks++; breaks > 1 {
				return false
			}
		} else if c != ' ' && c != '\t' && c != '\r' {
			break
		}
		j--
	}
	return j > 0 && isCJK(lastRune(w[:j]))
}

// isCJKLetter reports whether r is a Han, Hiragana, Katakana or Hangul
// letter (the prolonged sound mark ー included).
func isCJKLetter(r rune) bool {
	if r >= 0x3000 && r <= 0x30FF {
		return cjkLetter30[r-0x3000] // (the full stop and the kana, glued to IRIs)
	}
	return isCJKLetterSlow(r)
}

// isCJKLetterSlow is isCJKLetter's definition.
func isCJKLetterSlow(r rune) bool {
	return isCJKLetterBlock(r) || r >= 0x3040 && r <= 0x30FF && r != 0x30FB ||
		r >= 0x1100 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// cjkLetter30 is isCJKLetterSlow for U+3000 to U+30FF: the CJK symbols and
// punctuation (the ideographic full stop and comma end the runs of
// letters after an IRI, and were each a look-up in the unicode tables),
// Hiragana and Katakana.
var cjkLetter30 = func() (t [0x100]bool) {
	for i := range t {
		t[i] = isCJKLetterSlow(rune(0x3000 + i))
	}
	return t
}()

// keepQuotes extends the end of a match over trailing ASCII quotes that
// close a quote opened inside the match (http://x/'a' keeps its last ').
func keepQuotes(w []byte, s, keep, stop int) int {
	for keep < stop && (w[keep] == '\'' || w[keep] == '"') {
		if bytes.Count(w[s:keep], w[keep:keep+1])%2 == 0 {
			break
		}
		keep++
	}
	return keep
}

// startsNew reports whether a new scheme-started IRI or "www." begins at w[i].
func (f *finder) startsNew(w []byte, i int) bool {
	if len(w)-i >= 4 && binary.LittleEndian.Uint32(w[i:])|0x202020 == 'w'|'w'<<8|'w'<<16|'.'<<24 {
		return w[i-1] != '.' // a.www.b is one name (news:comp.infosystems.www.misc)
	}
	if !isLetter(w[i]) {
		return false
	}
	j := i
	for lim := min(len(w), i+f.maxScheme); j < lim && schemeChars[w[j]]; {
		j++
	}
	if j >= len(w) || w[j] != ':' {
		return false
	}
	hier, ok := f.lookup(w[i:j])
	return ok && (!hier || bytes.HasPrefix(w[j+1:], []byte("//")))
}

// startsNewMasks is startsNew(w, i) for a letter w[i], with the class
// masks m of w[mb:mb+64]: a word of letters, digits, '-' and '.' followed
// by neither ':' nor '+' (a scheme's other character) starts no scheme,
// and only "www." is looked at without the word.
func (f *finder) startsNewMasks(w []byte, i int, m *classMasks, mb int) bool {
	if off := i - mb; haveClassifyVec && off < 64 && w[i]|0x20 != 'w' {
		n := bits.TrailingZeros64(^((m.alnum | m.hyph | m.dot) >> off))
		if j := i + n; off+n < 64 && (j >= len(w) || w[j] != ':' && w[j] != '+') {
			return false
		}
	}
	return f.startsNew(w, i)
}

// hasPrefixFold reports whether b starts with the ASCII string p, ignoring
// the case of letters.
func hasPrefixFold(b []byte, p string) bool {
	if len(b) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		if b[i] != p[i] && !(isLetter(p[i]) && lower(b[i]) == lower(p[i])) {
			return false
		}
	}
	return true
}

// encodedSoftBefore reports whether the three bytes before w[i] are the
// percent-encoding of ASCII sentence punctuation (Link_Term Soft, such as
// the %22 a rewrite to URIs writes for a quote): a scheme may start right
// after it, as right after the character itself.
func encodedSoftBefore(w []byte, i int) bool {
	if i < 3 || i > len(w) || w[i-3] != '%' || !isHexDigit(w[i-2]) || !isHexDigit(w[i-1]) || hexValue(w[i-2]) >= 8 {
		return false
	}
	return asciiClass[hexValue(w[i-2])<<4|hexValue(w[i-1])] == cSoft
}

// isHexDigit reports whether c is an ASCII hexadecimal digit.
func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

// hexValue returns the value of the hexadecimal digit c.
func hexValue(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// The bits of bodyRun.
const (
	runPlain  = 1 << iota // in plainBody
	runSlash              // '/'
	runEscape             // escaped by iriForm ('\\' '^')
)
