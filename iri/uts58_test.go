package iri

import (
	"bufio"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// UTS #58 LinkFormattingTest: each case gives the parts of a URL in a comment
// line ({𝑺=scheme 𝑯=host 𝑷=segment 𝑸=key 𝑽=value 𝑭=fragment}), a fully
// escaped form and the minimally escaped form. The fully escaped line is
// not always a well-formed URL (a literal "#" inside a path segment is shown
// as "#"), so the test builds the URI from the parts, escaping in each part
// the characters that would act as syntax there, and compares Display
// (without bidi wrapping, which the test data does not show) to the
// minimally escaped line.

type uts58Case struct {
	line     int
	parts    string // the comment line
	source   string // line 1 of the pair
	expected string // line 2
}

func readFormattingTest(t *testing.T, path string) []uts58Case {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []uts58Case
	var parts string
	var pending []string
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# {"):
			parts, pending = strings.TrimPrefix(line, "# "), nil
		case line == "" || strings.HasPrefix(line, "#"):
			pending = nil
		default:
			pending = append(pending, line)
			if len(pending) == 2 {
				cases = append(cases, uts58Case{line: n, parts: parts, source: pending[0], expected: pending[1]})
				pending = nil
			}
		}
	}
	return cases
}

var uts58Markers = []string{"𝑺=", "𝑯=", "𝑷=", "𝑸=", "𝑽=", "𝑭=", "𝑫="}

// splitParts parses "{𝑺=https:// 𝑯=example.com 𝑷=α β}" into (marker, value)
// pairs. Values may contain spaces; a part ends at " " + the next marker.
func splitParts(s string) [][2]string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "{"), "}")
	var out [][2]string
	for s != "" {
		var m string
		for _, mk := range uts58Markers {
			if strings.HasPrefix(s, mk) {
				m = mk
			}
		}
		if m == "" {
			return nil
		}
		s = s[len(m):]
		end := len(s)
		for _, mk := range uts58Markers {
			if i := strings.Index(s, " "+mk); i >= 0 && i < end {
				end = i
			}
		}
		out = append(out, [2]string{m, s[:end]})
		s = strings.TrimPrefix(s[end:], " ")
	}
	return out
}

// escapePart percent-encodes v for use as one part: non-ASCII, ASCII not
// allowed in the component, the given syntax characters, and every "%"
// (RFC 3986 Section 2.4: a "%" that is data is always "%25"; a stray "%"
// would make the URL not a URI, which the conversions report).
func escapePart(v string, comp component, syntax string) string {
	var b []byte
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= utf8.RuneSelf, c != '%' && !uriAllowed[comp][c], strings.IndexByte(syntax, c) >= 0:
			b = appendPct(b, c)
		case c == '%':
			b = append(b, "%25"...)
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

func buildFromParts(parts [][2]string) string {
	var b strings.Builder
	query := false
	for _, p := range parts {
		switch p[0] {
		case "𝑺=":
			b.WriteString(p[1])
		case "𝑯=":
			b.WriteString(p[1])
		case "𝑷=":
			b.WriteString("/" + escapePart(p[1], compPath, "/?#"))
		case "𝑸=":
			if !query {
				b.WriteByte('?')
				query = true
			} else {
				b.WriteByte('&')
			}
			b.WriteString(escapePart(p[1], compQuery, "&=#+"))
		case "𝑽=":
			b.WriteString("=" + escapePart(p[1], compQuery, "&=#+"))
		case "𝑭=":
			b.WriteString("#" + escapePart(p[1], compFragment, "#"))
		}
	}
	return b.String()
}

// uts58Deliberate lists the cases where Display differs from UTS #58 on
// purpose, keyed by the expected line, with the rule that makes us differ.
var uts58Deliberate = map[string]string{
	// RFC 3987bis Section 7.3 keeps '"' out of IRIs ("delimiters"); the URL
	// Standard, on which UTS #58 builds, re-encodes it when parsing, so it
	// can show it. Display keeps "%22".
	"https://he.wikipedia.org/wiki/נאט\"ו": `'"' is not allowed in an IRI (Section 7.3); kept as %22`,
}

// uts58Reserved reports whether got differs from want only where Display
// keeps a form that UTS #58 changes and RFC 3986 forbids changing:
//   - want has the percent-encoding of a reserved character (gen-delims or
//     sub-delims) that got shows as itself: Section 2.2 says the two are
//     different URIs, and Section 6.2.2.2 lets only unreserved characters
//     change form, so a ")" or final "!" of the input stays;
//   - want shows a "%" as itself where got keeps "%25": a lone "%" is not a
//     percent-encoding (Section 2.1), so that display would not be a URI.
func uts58Reserved(got, want string) (reason string, ok bool) {
	var reserved, percent bool
	for got != "" || want != "" {
		switch {
		case got != "" && want != "" && got[0] == want[0] &&
			!(got[0] == '%' && strings.HasPrefix(got, "%25") && !strings.HasPrefix(want, "%25")):
			got, want = got[1:], want[1:]
		case len(want) >= 3 && want[0] == '%' && isHex(want[1]) && isHex(want[2]) && got != "" &&
			unhex(want[1])<<4|unhex(want[2]) == got[0] && isReservedASCII(got[0]):
			got, want = got[1:], want[3:]
			reserved = true
		case strings.HasPrefix(got, "%25") && want != "" && want[0] == '%':
			got, want = got[3:], want[1:]
			percent = true
		default:
			return "", false
		}
	}
	switch {
	case reserved && percent:
		return "reserved character kept as written (RFC 3986 2.2, 6.2.2.2) and '%' kept as %25 (2.1)", true
	case reserved:
		return "reserved character kept as written (RFC 3986 2.2, 6.2.2.2)", true
	case percent:
		return "'%' kept as %25 (RFC 3986 2.1, 2.4)", true
	}
	return "", false
}

func runFormattingTest(t *testing.T, path string) (pass, deliberate, total int) {
	conv := Converter{Bidi: BidiNone}
	for _, c := range readFormattingTest(t, path) {
		parts := splitParts(c.parts)
		if parts == nil {
			t.Errorf("line %d: cannot parse %q", c.line, c.parts)
			continue
		}
		src := buildFromParts(parts)
		total++
		got, err := conv.Display(src)
		if err != nil {
			t.Errorf("line %d: Display(%q): %v", c.line, src, err)
			continue
		}
		if got == c.expected {
			pass++
			continue
		}
		if why, ok := uts58Deliberate[c.expected]; ok {
			t.Logf("line %d: deliberate difference: %s\n got %s\nwant %s", c.line, why, got, c.expected)
			continue
		}
		if why, ok := uts58Reserved(got, c.expected); ok {
			deliberate++
			t.Logf("line %d: deliberate difference: %s\n got %s\nwant %s", c.line, why, got, c.expected)
			continue
		}
		t.Logf("line %d: Display(%s)\n got %s\nwant %s", c.line, src, got, c.expected)
	}
	return pass, deliberate, total
}

// The newer draft of the test (dev/) escapes a final Soft character
// consistently; Display must pass every case but the deliberate ones.
func TestUTS58FormattingDev(t *testing.T) {
	pass, reserved, total := runFormattingTest(t, "../testdata/conformance/uts58/dev/LinkFormattingTest.txt")
	t.Logf("UTS #58 LinkFormattingTest (dev): %d/%d (%d kept by RFC 3986 2.1/2.2, %d other deliberate)", pass, total, reserved, len(uts58Deliberate))
	if want := total - len(uts58Deliberate) - reserved; pass < want {
		t.Errorf("passed %d of %d, want %d", pass, total, want)
	}
}

// The 17.0.0 release of the test is inconsistent about a final Soft
// character: it escapes the final "." of "δ.εζ." in its selected cases but
// not the final "." of "دی.سی.", "'" of "Brüssel'", "!" of "ebraismo!", "："
// "۔" "།" "’" "»" "？" of its Wikipedia cases, which dev/ corrects. Display
// follows the stated rule, except that a reserved character keeps its form
// (RFC 3986 Section 2.2) and a "%" that is data stays "%25" (Section 2.1):
// 38 pass, 9 differ by those two rules, 7 by the inconsistency and 1 by
// '"' (before the RFC 3986 rules, 44 passed and 11 differed).
func TestUTS58Formatting17(t *testing.T) {
	pass, reserved, total := runFormattingTest(t, "../testdata/conformance/uts58/LinkFormattingTest.txt")
	t.Logf("UTS #58 LinkFormattingTest (17.0.0): %d/%d (%d kept by RFC 3986 2.1/2.2)", pass, total, reserved)
	if pass < uts58Pass17 || pass+reserved < uts58Pass17+uts58Reserved17 {
		t.Errorf("passed %d of %d and %d by RFC 3986, want at least %d and %d", pass, total, reserved, uts58Pass17, uts58Reserved17)
	}
}

// uts58Pass17 and uts58Reserved17 are the numbers of 17.0.0 cases passed
// and differing only by RFC 3986 Sections 2.1 and 2.2, when last measured.
const (
	uts58Pass17     = 38
	uts58Reserved17 = 9
)
