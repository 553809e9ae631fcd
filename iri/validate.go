package iri

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Validate checks s strictly against the IRI-reference production of
// draft-duerst-iri-bis-07 Section 2.2 and the rules that go with it, and
// returns every violation in order of offset, or nil for a valid IRI
// reference. It reports:
//
//   - structural faults (scheme, port, IP literal), as Parse does; after one
//     of these nothing else is checked;
//   - bytes that are not UTF-8;
//   - characters not allowed in their component: ASCII outside the
//     component's production, controls, specials, non-characters, and the
//     other code points outside ucschar;
//   - private-use characters outside the query;
//   - bidi formatting characters (Section 4.1), anywhere;
//   - a "%" not followed by two hex digits;
//   - a reg-name, or the domain of a mailto address, that fails the IDNA
//     profile of Section 3.4 (HostToASCII), or whose percent-encoded octets
//     are not UTF-8 where the name must be converted.
func Validate(s string) []Violation {
	u, err := Parse(s)
	if err != nil {
		return []Violation{err.(Violation)}
	}
	var vs []Violation
	if u.HasUserinfo {
		vs = checkComponent(vs, compUserinfo, u.Userinfo, u.UserinfoOffset)
	}
	if u.HostKind == HostRegName {
		vs = hostViolations(vs, u.Host, u.HostOffset)
	}
	vs = checkComponent(vs, compPath, u.Path, u.PathOffset)
	if u.isMailto() {
		// The domains of mailto addresses are converted like hosts.
		forEachAddress(u.Path, func(local string, _ int, domain string, do int) error {
			// A character no host allows was reported with the path.
			if local != "" && !isASCII(domain) && invalidUTF8(domain) < 0 && badHostByte(domain) < 0 {
				if _, err := uriRegName(domain, u.PathOffset+do); err != nil {
					vs = append(vs, err.(Violation))
				}
			}
			return nil
		})
	}
	if u.HasQuery {
		vs = checkComponent(vs, compQuery, u.Query, u.QueryOffset)
	}
	if u.HasFragment {
		vs = checkComponent(vs, compFragment, u.Fragment, u.FragmentOffset)
	}
	slices.SortStableFunc(vs, func(a, b Violation) int { return a.Offset - b.Offset })
	return vs
}

// hostViolations appends the violations of a reg-name host found at byte
// off: its characters, then, if they are all allowed, whether the name
// passes the IDNA profile of Section 3.4.
func hostViolations(vs []Violation, host string, off int) []Violation {
	n := len(vs)
	vs = checkComponent(vs, compHost, host, off)
	switch {
	case len(vs) > n:
	case !isASCII(host):
		// The host will be converted (Section 3.4): exactly what ToURI
		// does must succeed.
		if _, err := uriRegName(host, off); err != nil {
			vs = append(vs, err.(Violation))
		}
	default:
		// An ASCII host is left as it is by ToURI; report a name that
		// could not be resolved all the same.
		if strings.IndexByte(host, '%') >= 0 {
			host = percentDecode(host)
			if v := decodedHostChar(host, off); v != nil {
				return append(vs, *v)
			}
		}
		if utf8.ValidString(host) {
			if _, err := HostToASCII(host); err != nil {
				vs = append(vs, Violation{Offset: off, Code: CodeBadHost, Char: -1, Detail: err.Error()})
			}
		}
	}
	return vs
}

var componentNames = [numComponents]string{"in userinfo", "in host", "in path", "in query", "in fragment"}

// checkComponent appends the violations of one component to vs.
func checkComponent(vs []Violation, comp component, s string, off int) []Violation {
	allowed := &uriAllowed[comp]
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			switch {
			case b == '%':
				if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
					vs = append(vs, Violation{Offset: off + i, Code: CodeBadPercent, Char: -1, Detail: componentNames[comp]})
				} else {
					i += 2
				}
			case !allowed[b]:
				vs = append(vs, Violation{Offset: off + i, Code: CodeCharNotAllowed, Char: rune(b), Detail: componentNames[comp]})
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			vs = append(vs, Violation{Offset: off + i, Code: CodeInvalidUTF8, Char: -1})
		case IsBidiFormatting(r):
			vs = append(vs, Violation{Offset: off + i, Code: CodeBidiFormatting, Char: r})
		case IsIprivate(r):
			if comp != compQuery {
				vs = append(vs, Violation{Offset: off + i, Code: CodePrivateUse, Char: r, Detail: componentNames[comp]})
			}
		case !IsUcschar(r):
			vs = append(vs, Violation{Offset: off + i, Code: CodeCharNotAllowed, Char: r, Detail: whyNotUcschar(r)})
		}
		i += size
	}
	return vs
}

// whyNotUcschar names the group of Section 7.3 a non-ASCII code point
// outside ucschar and iprivate belongs to.
func whyNotUcschar(r rune) string {
	switch {
	case r < 0xA0:
		return "C1 control"
	case r >= 0xFDD0 && r <= 0xFDEF, r&0xFFFE == 0xFFFE:
		return "non-character"
	case r >= 0xFFF0 && r <= 0xFFFD:
		return "special"
	case r >= 0xD800 && r <= 0xDFFF:
		return "surrogate"
	}
	return "not in ucschar"
}
