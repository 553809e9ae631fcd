package scanner

import (
	"net/netip"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// idnaProfile approximates the project's IDNA profile (UTS #46
// nontransitional mapping for lookup, bidi rule, STD3 rules off, DNS length
// checks) until rewrite.HostToASCII is available. Hyphen placement is
// checked by validHost.
var idnaProfile = idna.New(idna.MapForLookup(), idna.StrictDomainName(false),
	idna.CheckHyphens(false), idna.BidiRule(), idna.Transitional(false),
	idna.VerifyDNSLength(true))

// hostToASCII converts a reg-name host (label dots may be '.', U+3002,
// U+FF0E or U+FF61) to its ASCII form, or fails if a label does not pass
// IDNA. It is a variable so that the rewrite package's conversion can be
// swapped in.
var hostToASCII = func(host string) (string, error) { return idnaProfile.ToASCII(host) }

// hostKind selects the requirements on a host.
type hostKind uint8

const (
	hostScheme hostKind = iota // any real host: IP, localhost, IDNA-valid reg-name
	hostICANN                  // at least two labels and an ICANN top-level domain (e-mail, fuzzy)
)

// validHost checks a reg-name or IPv4 host as written (no trailing dot) and
// reports its ASCII form and the number of labels.
func validHost(h string, k hostKind) (ascii string, labels int, ok bool) {
	a, err := hostToASCII(h)
	if err != nil || a == "" {
		return "", 0, false
	}
	labels = 1
	last := 0
	for i := 0; i <= len(a); i++ {
		if i < len(a) && a[i] != '.' {
			continue
		}
		l := a[last:i]
		if l == "" || l[0] == '-' || l[len(l)-1] == '-' {
			return "", 0, false
		}
		if i < len(a) {
			labels++
		}
		last = i + 1
	}
	tld := a[strings.LastIndexByte(a, '.')+1:]
	if labels > 1 && allDigits(tld) {
		// A numeric top-level label is only valid as a dotted-quad IPv4 address.
		if _, err := netip.ParseAddr(a); err != nil || labels != 4 {
			return "", 0, false
		}
		return a, labels, true
	}
	if k != hostScheme && labels < 2 {
		return "", 0, false
	}
	if k == hostICANN {
		if _, icann := publicsuffix.PublicSuffix(tld); !icann {
			return "", 0, false
		}
	}
	return a, labels, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// fileExtTLDs are ICANN top-level domains that are also common file name
// extensions: in fuzzy mode "README.md" is a file name, not a link, unless a
// path or port follows or the name has more than two labels.
var fileExtTLDs = map[string]bool{
	"ac": true, "ai": true, "am": true, "app": true, "cs": true, "in": true,
	"md": true, "mk": true, "ml": true, "mov": true, "pl": true, "pm": true,
	"ps": true, "py": true, "rs": true, "sh": true, "so": true, "zip": true,
}

// isHostRune reports whether r may appear in a host label.
func isHostRune(r rune) bool {
	if r < utf8.RuneSelf {
		b := byte(r)
		return isAlnum(b) || b == '-' || b == '_'
	}
	return !isLabelDot(r) && classOf(r, false) == cBody
}

// scanHost scans a host starting at w[i]: an IP-literal in brackets, or
// labels separated by label dots. With cjkStop, an ASCII host ends where CJK
// text is glued to one of its labels (a CJK label after a dot is fine). It returns the end of the host (a single trailing dot is
// included only when '/', '?', '#' or ':' follows it), the host's ASCII form
// and number of labels, and whether it is valid for kind k.
func scanHost(w []byte, i int, k hostKind, cjkStop bool) (end int, ascii string, labels int, ok bool) {
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
			return j + 1, "[" + lit + "]", 1, dot > 1 && dot < len(lit)-1
		}
		a, err := netip.ParseAddr(lit)
		return j + 1, "[" + lit + "]", 1, err == nil && a.Is6()
	}
	j := i
	onlyASCII := true
	labelStart := i
	for j < len(w) && j-i < maxHostBytes {
		b := w[j]
		r, size := rune(b), 1
		if b >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(w[j:])
		}
		if isLabelDot(r) {
			if cjkStop && onlyASCII && r != '.' {
				break
			}
			j += size
			labelStart = j
			continue
		}
		if !isHostRune(r) {
			break
		}
		if b >= utf8.RuneSelf {
			if cjkStop && onlyASCII && j > labelStart && isCJK(r) {
				break
			}
			onlyASCII = false
		}
		j += size
	}
	// Trailing label dots are not part of the host, except a single FQDN
	// dot before a path, query, fragment or port.
	e := j
	for e > i {
		r, size := utf8.DecodeLastRune(w[i:e])
		if !isLabelDot(r) {
			break
		}
		e -= size
	}
	if e == i {
		return i, "", 0, false
	}
	end = e
	if j == e+1 && w[e] == '.' && j < len(w) && strings.IndexByte("/?#:", w[j]) >= 0 {
		end = j
	}
	ascii, labels, ok = validHost(string(w[i:e]), k)
	return end, ascii, labels, ok
}

// maxHostBytes bounds the bytes of a host as written (253 ASCII characters
// can take up to about four times as many bytes in UTF-8).
const maxHostBytes = 1024

func lastRune(b []byte) rune {
	r, _ := utf8.DecodeLastRune(b)
	return r
}

// hostTLD returns the top-level label of an ASCII host.
func hostTLD(a string) string { return a[strings.LastIndexByte(a, '.')+1:] }
