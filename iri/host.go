package iri

import (
	"fmt"
	"hash/maphash"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// The IDNA profile for hosts (Section 3.4).
//
// The draft cites IDNA2003 ToASCII with UseSTD3ASCIIRules=false and
// AllowUnassigned=false. IDNA2003 is obsolete: browsers, the WHATWG URL
// Standard and registries follow UTS #46 nontransitional processing, under
// which "faß.de" is "xn--fa-hia.de" rather than "fass.de". The profile is:
//
//   - MapForLookup: UTS #46 mapping (case folding, width, NFC) and validity
//     of labels for lookup, nontransitional, with the hyphen rules (no "--"
//     in positions 3 and 4 outside "xn--" labels, no hyphen at either end);
//   - BidiRule: the RFC 5893 bidi rule across the domain, which Section 4.2
//     asks for on host labels;
//   - StrictDomainName(false): UseSTD3ASCIIRules=false as Section 3.4 says,
//     so "_dmarc" and other non-LDH ASCII labels pass;
//   - VerifyDNSLength(true): no empty label, 63 octets per label and 253 per
//     name, since a host that could never be looked up cannot be resolved.
//
// The Unicode tables of golang.org/x/net/idna follow the Go toolchain
// (Unicode 15.0.0 for Go 1.26), which is why go.mod pins the toolchain.
var hostProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.StrictDomainName(false),
	idna.Transitional(false),
	idna.VerifyDNSLength(true),
)

// UnicodeVersion is the version of the Unicode tables behind the IDNA
// processing of hosts.
const UnicodeVersion = idna.UnicodeVersion

// HostToASCII converts a reg-name host to its ASCII form by the IDNA profile
// of Section 3.4 (see "The IDNA profile" in the package documentation): each label is mapped and
// validated, and labels with non-ASCII characters become A-labels ("xn--").
// The dots U+3002, U+FF0E and U+FF61 separate labels like ".". A host whose
// conversion fails yields an error: such a host cannot be resolved.
//
// It is safe for concurrent use; the last conversions are remembered.
func HostToASCII(host string) (string, error) {
	if len(host) > maxCachedHost {
		return hostToASCII(host)
	}
	slot := &hostCache[maphash.String(hostSeed, host)%uint64(len(hostCache))]
	if e := slot.Load(); e != nil && e.host == host {
		return e.ascii, e.err
	}
	a, err := hostToASCII(host)
	slot.Store(&hostEntry{host: strings.Clone(host), ascii: a, err: err})
	return a, err
}

// The cache of HostToASCII. IDNA takes a microsecond or more per host, and
// a document names the same few hosts again and again. The cache is
// direct-mapped and lock-free: a slot holds the last host that hashed to
// it, so its memory is bounded (512 hosts of at most 256 bytes).
type hostEntry struct {
	host, ascii string
	err         error
}

const maxCachedHost = 256

var (
	hostCache [512]atomic.Pointer[hostEntry]
	hostSeed  = maphash.MakeSeed()
)

// hostToASCII is HostToASCII without the cache.
func hostToASCII(host string) (string, error) {
	a, err := hostProfile.ToASCII(host)
	if err != nil {
		return "", err
	}
	for i := 0; i < len(a); i++ {
		if a[i] >= 0x80 || !uriAllowed[compHost][a[i]] {
			return "", fmt.Errorf("character %q not allowed in a host name", a[i])
		}
	}
	return a, nil
}

// hostToUnicode performs step 6 of Section 3.7 on an ASCII host: every valid
// "xn--" label becomes its U-label. A label that does not decode, or whose
// U-label would not map back to the same A-label, stays as it is; if the
// converted name as a whole fails the profile (the bidi rule looks across
// labels), the host is returned unchanged. ok is false when nothing changed.
func hostToUnicode(host string) (string, bool) {
	if !containsACE(host) {
		return host, false
	}
	var b strings.Builder
	changed := false
	for i, label := range strings.Split(host, ".") {
		if i > 0 {
			b.WriteByte('.')
		}
		if len(label) > 4 && strings.EqualFold(label[:4], "xn--") {
			if u, err := hostProfile.ToUnicode(label); err == nil && u != label && !strings.Contains(u, ".") {
				if back, err := hostProfile.ToASCII(u); err == nil && strings.EqualFold(back, label) {
					b.WriteString(u)
					changed = true
					continue
				}
			}
		}
		b.WriteString(label)
	}
	if !changed {
		return host, false
	}
	out := b.String()
	if back, err := HostToASCII(out); err != nil || !strings.EqualFold(back, host) {
		return host, false
	}
	return out, true
}

// containsACE reports whether s has a label starting with "xn--" in any case.
func containsACE(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if (i == 0 || s[i-1] == '.') && (s[i] == 'x' || s[i] == 'X') &&
			(s[i+1] == 'n' || s[i+1] == 'N') && s[i+2] == '-' && s[i+3] == '-' {
			return true
		}
	}
	return false
}

// isASCII reports whether s has only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
