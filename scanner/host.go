package scanner

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"net/netip"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"

	"github.com/iriscan/iriscan/iri"
)

// hostKind selects the requirements on a host.
type hostKind uint8

const (
	hostScheme hostKind = iota // any real host: IP, localhost, IDNA-valid reg-name
	hostICANN                  // at least two labels and an ICANN top-level domain (e-mail, fuzzy)
)

// hostInfo is what validHost learns about a host, cached per finder.
type hostInfo struct {
	valid  bool // labels pass IDNA and the hyphen rules, IPv4 if numeric
	ipv4   bool
	icann  bool // the top-level label is an ICANN TLD
	labels int
	tld    string // ASCII, lower case
}

// maxHostCache bounds the per-finder cache of host answers.
const maxHostCache = 4096

// validHost checks a reg-name or IPv4 host as written (no trailing dot)
// for kind k and reports the number of labels and the ASCII form of its
// top-level label (lower case; for hostICANN only). Hosts that need IDNA
// are cached, so that a document repeating one converts it once. ascii is
// false when h has a non-ASCII rune.
func (f *finder) validHost(h []byte, k hostKind, ascii bool) (tld string, labels int, ok bool) {
	var info hostInfo
	plain := false
	if ascii || len(h) > 253 {
		// A host with a non-ASCII rune is never checkPlainASCII's (but
		// over 253 bytes, which it rejects first).
		info, plain = f.checkPlainASCII(h, k == hostICANN)
	}
	if !plain {
		info = f.hostInfo(h)
	}
	switch {
	case !info.valid:
		return "", 0, false
	case info.ipv4 || k == hostScheme:
		return info.tld, info.labels, true
	}
	return info.tld, info.labels, info.labels >= 2 && info.icann
}

// hostInfo returns checkHost(h), from the cache of answers: a table of
// hostSlots recent hosts indexed by a hash of their length and first and
// last bytes, in front of a map of up to maxHostCache.
func (f *finder) hostInfo(h []byte) hostInfo {
	var a, b uint64
	if n := len(h); n >= 8 {
		a, b = binary.LittleEndian.Uint64(h), binary.LittleEndian.Uint64(h[n-8:])
	} else {
		for i, c := range h {
			a |= uint64(c) << (8 * i)
		}
	}
	x := (a ^ bits.RotateLeft64(b, 29) ^ uint64(len(h))) * 0x9E3779B97F4A7C15
	slot := &f.hostSlots[x>>(64-hostSlotBits)]
	if slot.host == string(h) && slot.host != "" {
		return slot.info
	}
	info, hit := f.hosts[string(h)]
	if !hit {
		info = f.checkHost(h)
		if len(f.hosts) >= maxHostCache {
			clear(f.hosts)
		}
		f.hosts[string(h)] = info
	}
	slot.host, slot.info = string(h), info
	return info
}

// hostSlotBits is the log2 of the number of finder.hostSlots.
const hostSlotBits = 7

// A hostSlot is an entry of finder.hostSlots: the answer for one host.
type hostSlot struct {
	host string
	info hostInfo
}

// checkHost validates a host that needs IDNA: its labels must pass the
// project's IDNA profile (iri.HostToASCII), then checkLabels.
func (f *finder) checkHost(h []byte) hostInfo {
	s, err := iri.HostToASCII(string(h))
	if err != nil || s == "" {
		return hostInfo{}
	}
	return f.checkLabels([]byte(s), true)
}

// checkLabels checks an ASCII host: no empty or overlong label, no hyphen
// at either end of a label nor in its third and fourth positions (the IDNA
// profile's CheckHyphens, for hosts that did not go through it), a numeric
// top-level label only in a dotted-quad IPv4 address, and a top-level label
// shaped like one. With tld it also looks the top-level label up.
func (f *finder) checkLabels(a []byte, tld bool) hostInfo {
	if len(a) > 253 {
		return hostInfo{}
	}
	labels := 1
	last := 0
	for i := 0; i <= len(a); i++ {
		if i < len(a) && a[i] != '.' {
			continue
		}
		l := a[last:i]
		if len(l) == 0 || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' ||
			len(l) >= 4 && l[2] == '-' && l[3] == '-' && !hasPrefixFold(l, "xn--") {
			return hostInfo{}
		}
		if i < len(a) {
			labels++
		}
		last = i + 1
	}
	t := a[bytes.LastIndexByte(a, '.')+1:]
	if labels > 1 && allDigits(t) {
		return hostInfo{valid: labels == 4 && isIPv4(a), ipv4: true, labels: labels}
	}
	if labels > 1 && !isTLDShaped(t) {
		return hostInfo{} // no top-level domain can be spelled so
	}
	info := hostInfo{valid: true, labels: labels}
	if tld {
		info.tld, info.icann = f.icannTLD(t, 0, len(t))
	}
	return info
}

// icannTLD reports whether the label t = w[lo:hi] (ASCII) is an ICANN
// top-level domain, caching the answers so that the common case does not
// allocate: a label of up to eight bytes in a small table keyed by its
// bytes in lower case packed in a word (no such byte is zero, so the word
// tells the label), the others in a map. It may read the bytes of w after
// t, never past len(w): those past the caller's slice, up to its capacity,
// are not the caller's text (another goroutine may be writing them).
func (f *finder) icannTLD(w []byte, lo, hi int) (string, bool) {
	t := w[lo:hi]
	if n := len(t); n > 0 && n <= 8 {
		var key uint64
		if len(w)-lo >= 8 {
			// A word read at once, its bytes past t cleared.
			key = (binary.LittleEndian.Uint64(w[lo:]) | 0x2020202020202020) & (^uint64(0) >> (64 - 8*n))
		} else {
			for i := n - 1; i >= 0; i-- {
				key = key<<8 | uint64(lower(t[i]))
			}
		}
		slot := &f.tldSlots[key*0x9E3779B97F4A7C15>>(64-tldSlotBits)]
		if slot.key != key {
			slot.key = key
			slot.tldEntry.name, slot.tldEntry.icann = f.icannTLDMap(t)
		}
		return slot.name, slot.icann
	}
	return f.icannTLDMap(t)
}

// tldSlotBits is the log2 of the number of tldSlots.
const tldSlotBits = 6

// A tldSlot is an entry of finder.tldSlots: the answer for the top-level
// label whose bytes (lower case, packed little-endian) are key.
type tldSlot struct {
	key uint64
	tldEntry
}

// icannTLDMap is icannTLD through the map of answers.
func (f *finder) icannTLDMap(t []byte) (string, bool) {
	var buf [63]byte
	for i, c := range t {
		buf[i] = lower(c)
	}
	key := buf[:len(t)]
	if e, ok := f.tlds[string(key)]; ok {
		return e.name, e.icann
	}
	name := string(key)
	_, icann := publicsuffix.PublicSuffix(name)
	if len(f.tlds) < 4096 {
		f.tlds[name] = tldEntry{name, icann}
	}
	return name, icann
}

type tldEntry struct {
	name  string
	icann bool
}

// checkPlainASCII checks, in one pass, a host of ASCII letters, digits,
// '-', '_' and '.' without "xn--" labels, the common case, which needs no
// IDNA mapping beyond lower case: the checks of checkLabels. plain is false
// for any other host.
func (f *finder) checkPlainASCII(h []byte, tld bool) (info hostInfo, plain bool) {
	if len(h) > 253 {
		return hostInfo{}, true
	}
	// Label by label: a tight loop over the label's bytes, then its checks.
	labels, start := 1, 0
	bad := false
	for {
		i := start
		if i < len(h) && h[i]|0x20 == 'x' && hasPrefixFold(h[i:], "xn--") {
			return hostInfo{}, false
		}
		for i < len(h) && hostASCII[h[i]] {
			i++
		}
		if i < len(h) && h[i] != '.' {
			return hostInfo{}, false
		}
		l := h[start:i]
		if badASCIILabel(l) {
			bad = true
		}
		if i == len(h) {
			break
		}
		labels++
		start = i + 1
	}
	if bad {
		return hostInfo{}, true
	}
	t := h[start:] // not empty: an empty label is bad
	switch {
	case labels > 1 && allDigits(t):
		return hostInfo{valid: labels == 4 && isIPv4(h), ipv4: true, labels: labels}, true
	case labels > 1 && !isTLDShaped(t):
		return hostInfo{}, true
	}
	info = hostInfo{valid: true, labels: labels}
	if tld {
		info.tld, info.icann = f.icannTLD(t, 0, len(t))
	}
	return info, true
}

// badASCIILabel reports whether an ASCII host label is not an LDH label
// (RFC 5890 Section 2.3.1): empty, over 63 octets, a hyphen at either end,
// or hyphens in the third and fourth positions (R-LDH, "xn--" among them:
// the callers send those to IDNA first).
func badASCIILabel(l []byte) bool {
	return len(l) == 0 || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' || len(l) >= 4 && l[2] == '-' && l[3] == '-'
}

// isIPv4 reports whether a is a dotted-quad IPv4 address.
func isIPv4(a []byte) bool {
	var buf [15]byte
	if len(a) > len(buf) {
		return false
	}
	_, err := netip.ParseAddr(string(append(buf[:0], a...)))
	return err == nil
}

// isTLDShaped reports whether t could be a top-level domain in the DNS root
// zone: letters and digits, or an A-label ("xn--…"); never '_' or another
// '-' ("com-that-you-should-have-put-a-space-after").
func isTLDShaped(t []byte) bool {
	if hasPrefixFold(t, "xn--") {
		return true
	}
	for _, c := range t {
		if !isAlnum(c) {
			return false
		}
	}
	return true
}

func allDigits(s []byte) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return len(s) > 0
}

// fileExtTLDs are ICANN top-level domains that are also common file name
// extensions or file suffixes: in fuzzy mode "README.md" is a file name,
// not a link, unless a path or port follows or the name has more than two
// labels.
var fileExtTLDs = map[string]bool{
	"ac": true, "ai": true, "am": true, "app": true, "cs": true, "in": true,
	"md": true, "mk": true, "ml": true, "mov": true, "pl": true, "pm": true,
	"ps": true, "py": true, "rs": true, "sh": true, "zip": true,
	// Info manuals (sed.info), C++ sources
	// (main.cc), man sources (foo.man), installers (setup.run), and
	// the systemd unit and network file suffixes that are TLDs
	// (multi-user.target, 10-eth.network, 99-default.link).
	"info": true, "cc": true, "man": true, "run": true,
	"target": true, "network": true, "link": true,
}

// isHostRune reports whether r may appear in a host label.
func isHostRune(r rune) bool {
	if r < utf8.RuneSelf {
		b := byte(r)
		return isAlnum(b) || b == '-' || b == '_'
	}
	// U+2010..U+2015 (groff renders '-' as U+2010 HYPHEN) and U+2212
	// MINUS SIGN are never in a host: IDNA disallows them.
	return !isLabelDot(r) && !(r >= 0x2010 && r <= 0x2015) && r != 0x2212 && classOf(r, false) == cBody
}

// hostRunHigh returns the end of the run of non-ASCII host runes from
// w[j] (starting before lim) that scanHost's loop would take one at a time
// without a change of its state: after a non-ASCII rune of a label, the
// two- and three-byte runes that are host runes and no label dot (CJK
// letters from U+3100 looked up as isCJKLetterBlock, which they are). It
// stops at anything else, for the loop to decide.
func hostRunHigh(w []byte, j, lim int) int {
	for j < lim {
		b := w[j]
		if b-0xC2 < 0xE0-0xC2 && j+1 < len(w) {
			// Two bytes (Latin, Greek, Cyrillic, Arabic, Hebrew …):
			// the rune's answer looked up by its bytes.
			if c := w[j+1]; c&0xC0 == 0x80 && hostRune2[int(b&0x1F)<<6|int(c&0x3F)] {
				j += 2
				continue
			}
			break
		}
		if b < 0xC2 || b >= 0xF0 {
			break // ASCII, a stray continuation byte, or four bytes
		}
		if b >= 0xE0 && j+2 < len(w) {
			// Three bytes (Kana, Han, Hangul, Indic …): the answer of
			// the rune's block looked up by its bytes, where it is one.
			if c1, c2 := w[j+1], w[j+2]; c1&0xC0 == 0x80 && c2&0xC0 == 0x80 && run3[int(b&0x0F)<<6|int(c1&0x3F)]&run3Host != 0 {
				j += 3
				continue
			}
		}
		var r rune
		var ok bool
		size := 2
		if b < 0xE0 {
			r, ok = decode2(w, j)
		} else {
			r, ok = decode3(w, j)
			size = 3
		}
		if !ok {
			break
		}
		if r < rune(len(smallClass)) {
			if !hostRuneSmall(r) { // U+3002 IDEOGRAPHIC FULL STOP is cHard there
				break
			}
		} else if !isCJKLetterBlock(r) {
			break
		}
		j += size
	}
	return j
}

// hostRune2 is hostRuneSmall for the two-byte runes U+0080 to U+07FF,
// indexed by the rune, b0&0x1F<<6 | b1&0x3F of its bytes (an index the
// compiler knows to be in the table); false below U+0080.
var hostRune2 = func() (t [0x800]bool) {
	for r := rune(0x80); r < 0x800; r++ {
		t[r] = hostRuneSmall(r)
	}
	return t
}()

// The bits of run3.
const (
	run3Host = 1 << iota // hostRunHigh takes every rune of the block
	run3Body             // bodyRunHigh does, in the query or not, and none is a closer of quoteClosers
)

// run3 tells for the three-byte runes U+0800 to U+FFFF, by block of 64
// (entry r>>6: the low four bits of the first byte and the low six of the
// second), where every rune of the block is one that hostRunHigh or
// bodyRunHigh takes; the blocks of overlong forms (below U+0800) and of
// surrogates have neither bit. Above U+3100 those runes are the CJK
// letters of isCJKLetterBlock.
var run3 = func() (t [1 << 10]uint8) {
	for blk := 0x800 >> 6; blk < len(t); blk++ {
		lo, hi := rune(blk)<<6, rune(blk)<<6|63
		if lo >= 0xD800 && lo <= 0xDFFF {
			continue
		}
		if lo >= rune(len(smallClass)) {
			if isCJKLetterBlock(lo) && isCJKLetterBlock(hi) { // (no range ends inside a block it starts)
				t[blk] = run3Host | run3Body
			}
			continue
		}
		host, body := true, true
		for r := lo; r <= hi; r++ {
			host = host && hostRuneSmall(r)
			body = body && smallClass[r] == cBody
		}
		if host {
			t[blk] |= run3Host
		}
		if body {
			t[blk] |= run3Body
		}
	}
	for _, q := range quoteClosers {
		if q.close >= 0x800 && q.close <= 0xFFFF {
			t[q.close>>6] &^= run3Body
		}
	}
	return t
}()

// hostRuneSmall is isHostRune for a non-ASCII rune below U+3100, looked
// up in smallClass: there no label dot is cBody, and the hyphens U+2010 to
// U+2015 and U+2212 MINUS SIGN are cBody but no host rune. It inlines.
func hostRuneSmall(r rune) bool {
	return smallClass[r] == cBody && uint32(r-0x2010) > 0x2015-0x2010 && r != 0x2212
}

// isLabelDot3 reports whether the three bytes b encode U+3002, U+FF0E or
// U+FF61, the label dots of isLabelDot but '.'.
func isLabelDot3(b []byte) bool {
	return b[0] == 0xE3 && b[1] == 0x80 && b[2] == 0x82 || b[0] == 0xEF && (b[1] == 0xBC && b[2] == 0x8E || b[1] == 0xBD && b[2] == 0xA1)
}

// continuesWithDot reports whether the host runes from w[j] run on to a '.'
// followed by more of a host: the label at w[j] is then not the top-level
// one.
func continuesWithDot(w []byte, j int) bool {
	for n := 0; j < len(w) && n < 64; n++ {
		r, size := utf8.DecodeRune(w[j:])
		if r == '.' {
			// The rune after the dot, decoded whole: a U-label there
			// continues the host as its A-label does, so that a rewrite
			// to URIs finds the same host again.
			next, _ := utf8.DecodeRune(w[j+1:])
			return j+1 < len(w) && isHostRune(next)
		}
		if !isHostRune(r) {
			return false
		}
		j += size
	}
	return false
}

// keepIdeographicDot decides whether the ideographic full stop (U+3002,
// U+FF0E or U+FF61, size bytes) at w[dot], after a label starting at
// w[label], separates labels of one host (rule 1): only when the host runs
// on to a '/', or its last label is an ICANN top-level domain and the text
// does not switch there from an ASCII label to CJK (example。com,
// 例え。jp, but not www.example.jp。次に). *tail caches what the look
// ahead found for the host (0 unknown, 1 keeps, 2 does not), the same for
// every dot of one host, so that a host of many dots is read once.
func (f *finder) keepIdeographicDot(w []byte, label, dot, size int, tail *uint8) bool {
	if *tail == 0 {
		*tail = 2
		if f.hostTailKeeps(w, dot+size) {
			*tail = 1
		}
	}
	if *tail != 1 {
		return false
	}
	after, _ := utf8.DecodeRune(w[dot+size:])
	return !(isCJK(after) && isASCIIText(w[label:dot]))
}

// hostTailKeeps reads the rest of a host from w[j] and reports whether a
// '/' follows it or its last label is an ICANN top-level domain.
func (f *finder) hostTailKeeps(w []byte, j int) bool {
	last, lastASCII := j, true
	for n := 0; j < len(w) && n < maxHostBytes; n++ {
		b := w[j]
		if hostASCII[b] {
			j++
			continue
		}
		r, rs := decodeRune(w, j)
		if isLabelDot(r) {
			j += rs
			last, lastASCII = j, true
			continue
		}
		if !isHostRune(r) {
			break
		}
		if r >= utf8.RuneSelf {
			lastASCII = false
		}
		j += rs
	}
	if j < len(w) && w[j] == '/' {
		return true
	}
	if last == j {
		return false // nothing after the last dot
	}
	t := w[last:j]
	if !lastASCII {
		a, err := iri.HostToASCII(string(t))
		if err != nil {
			return false
		}
		t = []byte(a)
	}
	return f.isICANNLabel(t)
}

// isICANNLabel reports whether the ASCII label l is an ICANN top-level
// domain.
func (f *finder) isICANNLabel(l []byte) bool {
	if len(l) > 63 || !isTLDShaped(l) {
		return false
	}
	_, icann := f.icannTLD(l, 0, len(l))
	return icann
}

// isASCIIText reports whether b is all ASCII.
func isASCIIText(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// scanHost scans a host starting at w[i]: an IP-literal in brackets, or
// labels separated by label dots. With cjkStop, an ASCII host ends where CJK
// text is glued to one of its labels (a CJK label after a dot is fine). It returns the end of the host (a single trailing dot is
// included only when '/', '?', '#' or ':' follows it), the ASCII form of its
// top-level label (for kind hostICANN) and number of labels, and whether it is valid for kind k.
func (f *finder) scanHost(w []byte, i int, k hostKind, cjkStop bool) (end int, tld string, labels int, ok bool) {
	if i < len(w) && w[i] == '[' {
		j := i + 1
		for j < len(w) && j-i < 64 && (isAlnum(w[j]) || w[j] == ':' || w[j] == '.') {
			j++
		}
		if k != hostScheme || j >= len(w) || w[j] != ']' || j == i+1 {
			return i, "", 0, false
		}
		lit := string(w[i+1 : j])
		if lit[0] == 'v' || lit[0] == 'V' { // IPvFuture: "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
			dot := strings.IndexByte(lit, '.')
			return j + 1, "", 1, dot > 1 && dot < len(lit)-1
		}
		a, err := netip.ParseAddr(lit)
		return j + 1, "", 1, err == nil && a.Is6()
	}
	j := i
	onlyASCII := true  // the host so far is ASCII
	labelASCII := true // the current label so far is ASCII
	labelStart := i
	var tail uint8 // see keepIdeographicDot
	for lim := min(len(w), i+maxHostBytes); j < lim; {
		b := w[j]
		if b < utf8.RuneSelf {
			// An ASCII byte is a host letter, digit, '-' or '_', a
			// label dot, or no host rune (isHostRune) and the end.
			if hostASCII[b] {
				j++
				continue
			}
			if b != '.' {
				break
			}
			j++
			labelStart = j
			labelASCII = true
			continue
		}
		if j == labelStart {
			// A label that starts with a run hostRunHigh takes: what
			// the steps below do for its first rune (rule 2 is about
			// ASCII letters before it) and then for the rest.
			if k := hostRunHigh(w, j, lim); k > j {
				onlyASCII, labelASCII = false, false
				j = k
				continue
			}
		}
		var r rune
		var ok bool
		size := 2
		if b < 0xE0 {
			r, ok = decode2(w, j) // Latin, Greek, Cyrillic, Arabic, Hebrew …
		} else if b < 0xF0 {
			r, ok = decode3(w, j) // CJK, Indic …
			size = 3
		}
		if !ok {
			r, size = utf8.DecodeRune(w[j:])
		}
		if r >= 0x3002 && isLabelDot(r) {
			if cjkStop && onlyASCII || !f.keepIdeographicDot(w, labelStart, j, size, &tail) {
				break // rule 1: a CJK full stop ends the host
			}
			j += size
			labelStart = j
			labelASCII = true
			continue
		}
		if r < rune(len(smallClass)) {
			if !hostRuneSmall(r) {
				break
			}
		} else if !isCJKLetterBlock(r) && !isHostRune(r) {
			break
		}
		// Rule 2: ASCII letters glued to CJK text: the host ends at the
		// script change (for a bare address or domain whenever the host
		// so far is ASCII; after a scheme or "www." in the top-level
		// label, or where the ASCII letters are a top-level domain:
		// example.comだよね.comtest is example.com).
		if labelASCII && j > labelStart && r >= 0x1100 && isCJK(r) &&
			(cjkStop && onlyASCII || !cjkStop && (!continuesWithDot(w, j) || f.isICANNLabel(w[labelStart:j]))) {
			break
		}
		onlyASCII, labelASCII = false, false
		j = hostRunHigh(w, j+size, lim)
	}
	// Trailing label dots and hyphens are not part of the host (a label
	// never ends in '-': a hyphen there is the text's), except a single
	// FQDN dot before a path, query, fragment or port.
	e := j
	for e > i {
		if c := w[e-1]; c < utf8.RuneSelf {
			if c != '.' && c != '-' {
				break
			}
			e--
			continue
		}
		// The other label dots (U+3002, U+FF0E, U+FF61) are three bytes
		// from a lead byte, the last rune of w[i:e] when they end it.
		if e-i < 3 || !isLabelDot3(w[e-3:e]) {
			break
		}
		e -= 3
	}
	if e == i {
		return i, "", 0, false
	}
	end = e
	if j == e+1 && w[e] == '.' && j < len(w) && strings.IndexByte("/?#:", w[j]) >= 0 {
		end = j
	}
	tld, labels, ok = f.validHost(w[i:e], k, onlyASCII)
	return end, tld, labels, ok
}

// hostASCII: the ASCII letters, digits, '-' and '_' of host labels.
var hostASCII = byteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

// maxHostBytes bounds the bytes of a host as written (253 ASCII characters
// can take up to about four times as many bytes in UTF-8).
const maxHostBytes = 1024

// lastRune returns the last rune of b (utf8.RuneError for none or an
// invalid end), a three-byte one (CJK, most of the BMP) without
// utf8.DecodeLastRune's slow path.
func lastRune(b []byte) rune {
	if n := len(b); n >= 3 && b[n-3]&0xF0 == 0xE0 {
		if r, ok := decode3(b, n-3); ok {
			return r
		}
	}
	r, _ := utf8.DecodeLastRune(b)
	return r
}

// hostState is plainHost's answer.
type hostState uint8

const (
	hostSlow  hostState = iota // not a plain host: scanHost and validHost decide
	hostPlain                  // a valid plain host
	hostBad                    // a plain host that is not valid: no match
)

// hostOrDot: hostASCII and '.'.
var hostOrDot = byteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")

// plainHost is the common case of a host at w[i] in one pass, without
// the general scanHost and validHost (and, for kind hostScheme, after
// "scheme://", userinfoEnd): ASCII labels (no "xn--") ended by an ASCII
// byte that is not part of a host, for hostScheme one that cannot be in a
// userinfo either (so that userinfoEnd would find no '@'), such as '/',
// '?', '#', a space or the end of w. For such a host it gives what they
// give: the end of the host as scanHost returns it and its number of
// labels, or hostBad when validHost rejects it for kind k. For any other
// host (userinfo, port, IP literal, non-ASCII, "xn--", over 253 bytes) it
// returns hostSlow. It sets *m to the class masks of w[i:i+64], which its
// callers go on with, where the build and the processor have vector loops
// for them (haveClassifyVec).
func (f *finder) plainHost(w []byte, i int, k hostKind, m *classMasks) (end, labels int, st hostState) {
	switch {
	case f.slow:
		return 0, 0, hostSlow
	case !haveClassifyVec:
		// Without vector loops the class masks cost more than the
		// byte-by-byte scan.
		return f.plainHostBytes(w, i, k)
	}
	if len(w)-i >= 64 {
		classifyVec(&w[i], m) // classify, a call less
	} else {
		classifyTail(w[i:], m)
	}
	return f.plainHostMasks(w, i, k, m)
}

// plainHostMasks is plainHost with the class masks m of w[i:i+64]: the run
// of host bytes and dots, its labels and its top-level label found with bit
// operations. A host the masks do not cover, and one with hyphens in the
// third and fourth positions of a label ("xn--"), go to plainHostBytes.
func (f *finder) plainHostMasks(w []byte, i int, k hostKind, m *classMasks) (end, labels int, st hostState) {
	dot, hyph := m.dot, m.hyph
	run := bits.TrailingZeros64(^(m.host() | dot)) // host bytes and dots from w[i]
	if run >= 63 {
		return f.plainHostBytes(w, i, k) // long labels and the 253-byte bound
	}
	within := uint64(1)<<run - 1
	if (1|dot<<1)&within&(hyph>>2)&(hyph>>3) != 0 {
		return f.plainHostBytes(w, i, k) // a label starting "xn--" or another "??--"
	}
	j := i + run
	if j < len(w) {
		if b := w[j]; b >= utf8.RuneSelf || k == hostScheme && (b == '@' || userinfoASCII[b]) {
			return 0, 0, hostSlow
		}
	}
	// Trailing dots and hyphens are the text's: the host ends after its
	// last letter, digit or '_'.
	keep := (m.alnum | m.under) & within
	if keep == 0 {
		return 0, 0, hostSlow
	}
	n := 64 - bits.LeadingZeros64(keep)
	e := i + n
	end = e
	if j == e+1 && w[e] == '.' && j < len(w) && (w[j] == '/' || w[j] == '?' || w[j] == '#' || w[j] == ':') {
		end = j
	}
	// The labels of w[i:e]: none empty, none with a hyphen at either end.
	in := uint64(1)<<n - 1
	d := dot & in
	labels = bits.OnesCount64(d) + 1
	starts := (1 | d<<1) & in
	ends := (d>>1 | 1<<(n-1)) & in
	if d&1 != 0 || d&(d>>1) != 0 || hyph&(starts|ends) != 0 {
		return 0, 0, hostBad
	}
	tld := 0 // the top-level label is w[i+tld:e]
	if d != 0 {
		tld = 64 - bits.LeadingZeros64(d)
	}
	st = hostPlain
	if labels > 1 {
		switch {
		case isDigit(w[i+tld]):
			labels, tld, st = plainTLD(w[i:e], labels, tld) // perhaps all digits: IPv4 or bad
		case in&^(uint64(1)<<tld-1)&^m.alnum != 0:
			return 0, 0, hostBad // not shaped like a top-level label
		}
	}
	if st == hostPlain && k == hostICANN && tld >= 0 {
		if _, icann := f.icannTLD(w, i+tld, e); labels < 2 || !icann {
			return 0, 0, hostBad
		}
	}
	return end, labels, st
}

// plainHostBytes is plainHost byte by byte: the definition plainHostMasks
// is held to, and its way for the hosts its masks do not cover.
func (f *finder) plainHostBytes(w []byte, i int, k hostKind) (end, labels int, st hostState) {
	// Label by label, checking each as plainLabels does: when the host
	// needs no trimming, that is its answer.
	lim := min(len(w), i+254)
	j, start := i, i
	labels = 1
	bad := false
	for {
		if j < lim && w[j]|0x20 == 'x' && hasPrefixFold(w[j:], "xn--") {
			return 0, 0, hostSlow
		}
		for j < lim && hostASCII[w[j]] {
			j++
		}
		if n := j - start; n == 0 || n > 63 || w[start] == '-' || w[j-1] == '-' || n >= 4 && w[start+2] == '-' && w[start+3] == '-' {
			bad = true
		}
		if j < lim && w[j] == '.' {
			j++
			start = j
			labels++
			continue
		}
		break
	}
	if j < len(w) {
		if b := w[j]; j == lim || b >= utf8.RuneSelf || k == hostScheme && (b == '@' || userinfoASCII[b]) {
			return 0, 0, hostSlow
		}
	}
	e := j
	for e > i && (w[e-1] == '.' || w[e-1] == '-') {
		e--
	}
	if e == i {
		return 0, 0, hostSlow
	}
	end = e
	if j == e+1 && w[e] == '.' && j < len(w) && (w[j] == '/' || w[j] == '?' || w[j] == '#' || w[j] == ':') {
		end = j
	}
	h := w[i:e]
	tld := start - i
	switch {
	case e != j:
		labels, tld, st = plainLabels(h) // trimmed: check it again
	case len(h) > 253 || bad:
		return 0, 0, hostBad
	default:
		labels, tld, st = plainTLD(h, labels, tld)
	}
	if st == hostPlain && k == hostICANN && tld >= 0 {
		if _, icann := f.icannTLD(h, tld, len(h)); labels < 2 || !icann {
			return 0, 0, hostBad
		}
	}
	return end, labels, st
}

// plainLabels checks a host h of hostASCII bytes and dots as
// checkPlainASCII does, returning its number of labels and the start of
// its top-level label, or -1 for an IPv4 address.
func plainLabels(h []byte) (labels, tld int, st hostState) {
	if len(h) > 253 {
		return 0, 0, hostBad
	}
	labels, start := 1, 0
	bad := false
	for {
		if h[start]|0x20 == 'x' && hasPrefixFold(h[start:], "xn--") {
			return 0, 0, hostSlow
		}
		i := start
		for i < len(h) && h[i] != '.' {
			i++
		}
		l := h[start:i]
		if badASCIILabel(l) {
			bad = true
		}
		if i == len(h) {
			break
		}
		labels++
		start = i + 1
		if start == len(h) {
			bad = true // an empty last label
			break
		}
	}
	if bad {
		return 0, 0, hostBad
	}
	return plainTLD(h, labels, start)
}

// plainTLD is the end of plainLabels: the checks of the top-level label
// h[start:] of a host of labels labels.
func plainTLD(h []byte, labels, start int) (int, int, hostState) {
	t := h[start:]
	switch {
	case labels > 1 && allDigits(t):
		if labels == 4 && isIPv4(h) {
			return labels, -1, hostPlain
		}
		return 0, 0, hostBad
	case labels > 1 && !isTLDShaped(t):
		return 0, 0, hostBad
	}
	return labels, start, hostPlain
}
