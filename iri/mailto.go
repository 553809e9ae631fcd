package iri

import "strings"

// The mailto scheme (RFC 6068) carries DNS names outside an authority: each
// address of its path is local-part "@" domain. Section 3.4 leaves such
// names to scheme-specific processing; RFC 6068 Section 2 asks for A-labels
// in the URI form, and Section 3.7 step 6 converts "domain names known to be
// in a URI" back to Unicode. So the domain of every address is handled like
// a reg-name host, and the local part like any path text.

// isMailto reports whether u is a mailto URI.
func (u *IRI) isMailto() bool {
	return !u.HasAuthority && strings.EqualFold(u.Scheme, "mailto")
}

// forEachAddress calls f for each address of a mailto path (separated by
// ","), with the local part including its "@" (empty if there is no "@")
// and the domain, and their byte offsets in the path.
func forEachAddress(path string, f func(local string, lo int, domain string, do int) error) error {
	start := 0
	for start <= len(path) {
		end := strings.IndexByte(path[start:], ',')
		if end < 0 {
			end = len(path)
		} else {
			end += start
		}
		addr := path[start:end]
		at := strings.LastIndexByte(addr, '@')
		var err error
		if at >= 0 && isDomainLiteral(addr[at+1:]) {
			err = f("", start, addr, start) // no DNS name: path text
		} else {
			err = f(addr[:at+1], start, addr[at+1:], start+at+1)
		}
		if err != nil {
			return err
		}
		if end == len(path) {
			break
		}
		start = end + 1
	}
	return nil
}

// isDomainLiteral reports whether the domain of an address is an address
// literal of RFC 5321 Section 4.1.3, such as "[192.0.2.1]" or
// "[IPv6:2001:db8::1]", written raw or with its brackets percent-encoded
// as a mailto URI must (RFC 6068 Section 2): it is not a DNS name, and no
// IDNA applies to it.
func isDomainLiteral(domain string) bool {
	open := strings.HasPrefix(domain, "[") || len(domain) >= 3 && strings.EqualFold(domain[:3], "%5B")
	close := strings.HasSuffix(domain, "]") || len(domain) >= 3 && strings.EqualFold(domain[len(domain)-3:], "%5D")
	return open && close && len(domain) >= 2
}

// appendMailtoURI appends the URI form of a mailto path: local parts as in
// Section 3.3, non-ASCII domains by uriRegName (A-labels), ASCII ones as
// path text.
func appendMailtoURI(dst []byte, path string, off int) ([]byte, error) {
	err := forEachAddress(path, func(local string, lo int, domain string, do int) error {
		if lo > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = appendEncoded(dst, compPath, local, off+lo); err != nil {
			return err
		}
		if local == "" || isASCII(domain) {
			// No "@": not an address, just path text. An ASCII domain
			// needs no IDNA and is path text too (RFC 6068 does not make
			// it a URI host: "a@[192.0.2.1]" has a domain literal).
			dst, err = appendEncoded(dst, compPath, domain, off+do)
			return err
		}
		a, err := uriRegName(domain, off+do)
		dst = append(dst, a...)
		return err
	})
	return dst, err
}

// appendMailtoIRI appends the IRI form of a mailto path found at byte off:
// local parts as any path text (Section 3.7), domains as reg-name hosts
// (step 6) after the checks of uriRegName.
func appendMailtoIRI(dst []byte, path string, off int) ([]byte, error) {
	err := forEachAddress(path, func(local string, lo int, domain string, do int) error {
		if lo > 0 {
			dst = append(dst, ',')
		}
		var err error
		if local == "" {
			dst, err = appendIRIComponent(dst, compPath, domain, off+do)
			return err
		}
		if dst, err = appendIRIComponent(dst, compPath, local, off+lo); err != nil {
			return err
		}
		if isASCII(domain) && badHostByte(domain) >= 0 {
			// Not a host name: path text (see appendMailtoURI).
			dst, err = appendIRIComponent(dst, compPath, domain, off+do)
			return err
		}
		if _, err := uriRegName(domain, off+do); err != nil {
			return err
		}
		dst = appendIRIHost(dst, domain)
		return nil
	})
	return dst, err
}

// AddressToASCII returns the e-mail address addr (local-part "@" domain, as
// it is written in running text) with its domain converted to A-labels
// (HostToASCII, as for a host, Section 3.4) and its local part as it is. An
// address is not a URI: RFC 6531 lets a local part be UTF-8, and only a
// mailto URI percent-encodes it (RFC 6068 Section 2), so "иван@пример.рф"
// is "иван@xn--e1afmkfd.xn--p1ai". An address without "@" is returned as it
// is. The error is a Violation with its offset in addr: a character no
// domain allows, or a domain that fails IDNA.
func AddressToASCII(addr string) (string, error) {
	at := strings.LastIndexByte(addr, '@')
	if at < 0 {
		return addr, nil
	}
	domain := addr[at+1:]
	if isDomainLiteral(domain) {
		return addr, nil
	}
	a, err := uriRegName(domain, at+1)
	if err != nil {
		return addr, err
	}
	if a == domain {
		return addr, nil
	}
	return addr[:at+1] + a, nil
}
