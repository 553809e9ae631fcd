package iri

import (
	"encoding/xml"
	"os"
	"strings"
	"testing"
)

// Apache Jena jena-iri test.xml (testdata/conformance/iri/README.md).

type jenaValue struct {
	Value     *string `xml:"value,attr"`
	NullValue string  `xml:"nullValue,attr"`
	Exception *string `xml:"exception,attr"`
}

type jenaIRI struct {
	IRI             string    `xml:"iri,attr"`
	ToString        jenaValue `xml:"toString"`
	ToASCIIString   jenaValue `xml:"toASCIIString"`
	ToDisplayString jenaValue `xml:"toDisplayString"`
	Violations      []string  `xml:"violations>violation"`
	Line            int       `xml:"-"`
}

type jenaResolve struct {
	IRIs   []jenaIRI `xml:"IRI"`
	Result jenaIRI   `xml:"Result"`
}

type jenaFile struct {
	Resolves []jenaResolve `xml:"Resolve"`
	IRIs     []jenaIRI     `xml:"IRI"`
}

func loadJena(t *testing.T) jenaFile {
	t.Helper()
	data, err := os.ReadFile("../testdata/conformance/iri/jena-iri-test.xml")
	if err != nil {
		t.Fatal(err)
	}
	var f jenaFile
	if err := xml.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// allJenaIRIs returns every <IRI> element, standalone or in a <Resolve>.
func allJenaIRIs(f jenaFile) []jenaIRI {
	var out []jenaIRI
	for _, r := range f.Resolves {
		out = append(out, r.IRIs...)
	}
	return append(out, f.IRIs...)
}

// jenaTally counts the cases of one documented difference.
type jenaTally struct {
	pass, total int
	classes     map[string]int
	bugs        int
}

func (j *jenaTally) diff(class string) { j.classes[class]++ }

func (j *jenaTally) log(t *testing.T, name string, floor int) {
	t.Helper()
	t.Logf("%s: %d/%d (documented %v; known bugs %d)", name, j.pass, j.total, j.classes, j.bugs)
	if j.pass < floor {
		t.Errorf("%s: pass count %d below floor %d", name, j.pass, floor)
	}
}

func newTally() *jenaTally { return &jenaTally{classes: map[string]int{}} }

// Documented differences from Jena (the letters are used in the logs):
const (
	// Parse rejects a malformed scheme (scheme = ALPHA *( ALPHA / DIGIT /
	// "+" / "-" / "." ), RFC 3986 3.1): "_:a" (an RDF blank node) and
	// "h^ttp:" are neither IRIs nor relative references; Jena accepts them
	// and even percent-encodes inside the scheme ("h%5Ettp:").
	jenaScheme = "bad-scheme"
	// ToURI/Display percent-encode every ASCII character not allowed in its
	// component (package doc of ToURI, bis-07 3.3 and 7.1), e.g. a second
	// "#" in the fragment, space, < > " { | } \ ^ `, controls; Jena copies
	// them. Display also decodes percent-encoded UTF-8 (Section 4: show
	// characters, not encodings: "#Andr%C3%A9" -> "#André"), and escapes a
	// final Link_Term=Soft character per UTS #58 ("/'" -> "/%27"). Such a
	// case is identified by both sides percent-decoding to the same text.
	jenaEncoding = "percent-encoding"
	// ToURI is the identity on ASCII hosts (a URI's host is not IDNA-
	// processed; bis-07 3.4 applies ToASCII to non-ASCII reg-names only);
	// Jena runs IDNA2003 on them and throws for "xn--andr--ep-" or
	// formerly "jjc^3.org", which ToURI now refuses too.
	jenaASCIIHost = "ascii-host"
	// Display maps the host by the IDNA profile (UTS #46 case folding):
	// "André.example.org" is shown "andré.example.org" (Section 5.3.2.1:
	// hosts are case-insensitive).
	jenaHostCase = "host-case-folded"
	// Resolve is RFC 3986 5.2.2 in strict mode: a reference with the base's
	// scheme keeps its scheme ("file:foo.n3" stays; 5.4.2 "for strict
	// parsers"); Jena uses the non-strict backward-compatible mode.
	jenaStrict = "strict-scheme"
	// RFC 3986 5.2.4 applied literally to a rootless base path lets ".."
	// pop the first segment and leave the "/" of the next one:
	// "file:testing/abbreviated/x" + "../../C/D" is "file:/C/D"; Jena gives
	// "file:C/D".
	jenaRootless = "rootless-dot-segments"
	// Jena's DOUBLE_DASH_IN_REG_NAME fires on "dickinson-i-4", which has
	// no "--" at all (a Jena false positive); the label is valid LDH.
	jenaFalseDash = "jena-false-double-dash"
	// Display fails, as ToURI does, on a host with a character no reg-name
	// allows ("jjc^3.org"; RFC 3986 Section 3.2.2); Jena shows it as it is.
	jenaHostChar = "host-char-not-allowed"
)

// percentDecodeAll decodes every triplet, to compare two texts that differ
// only in what is percent-encoded.
func percentDecodeAll(s string) string { return percentDecode(s) }

// jenaBugs lists inputs where a difference is a suspected bug in rewrite,
// kept out of the asserted expectations.
// None is known: the dot-segment case ("." displayed as "%2E") was fixed.
var jenaBugs = map[string]string{}

func TestConformanceJenaToASCII(t *testing.T) {
	j := newTally()
	for _, c := range allJenaIRIs(loadJena(t)) {
		j.total++
		got, err := ToURI(c.IRI)
		if c.ToASCIIString.Value != nil && err == nil && got == *c.ToASCIIString.Value {
			j.pass++
			continue
		}
		// Both refuse: "jjc^3.org" has a character no reg-name allows
		// (RFC 3986 Section 3.2.2), which ToURI reports rather than
		// percent-encoding it.
		if c.ToASCIIString.Exception != nil && err != nil && err.(Violation).Code == CodeCharNotAllowed {
			j.pass++
			continue
		}
		u, perr := Parse(c.IRI)
		switch {
		case perr != nil && perr.(Violation).Code == CodeBadScheme:
			j.diff(jenaScheme)
		case c.ToASCIIString.Value != nil && err == nil && percentDecodeAll(got) == percentDecodeAll(*c.ToASCIIString.Value):
			j.diff(jenaEncoding)
		case c.ToASCIIString.Exception != nil && err == nil && u.HostKind == HostRegName && isASCII(u.Host):
			j.diff(jenaASCIIHost)
		default:
			t.Errorf("ToURI(%+q) = %+q, %v; Jena toASCIIString %+v", c.IRI, got, err, c.ToASCIIString)
		}
	}
	j.log(t, "jena toASCIIString", jenaToASCIIFloor)
}

func TestConformanceJenaDisplay(t *testing.T) {
	j := newTally()
	conv := Converter{Bidi: BidiEmbed}
	for _, c := range allJenaIRIs(loadJena(t)) {
		if c.ToDisplayString.Value == nil {
			continue
		}
		j.total++
		// Jena wraps every IRI in LRE ... PDF; Section 4.1 wraps only
		// IRIs with right-to-left characters (none in this file unless
		// hasRTL says so), so the wrapper is dropped for the others.
		want := *c.ToDisplayString.Value
		if !hasRTL([]byte(c.IRI)) {
			want = strings.TrimSuffix(strings.TrimPrefix(want, "\u202A"), "\u202C")
		}
		got, err := conv.Display(c.IRI)
		if err == nil && got == want {
			j.pass++
			continue
		}
		if why, ok := jenaBugs[c.IRI]; ok {
			j.bugs++
			t.Logf("known bug: Display(%+q) = %+q; Jena %+q: %s", c.IRI, got, want, why)
			continue
		}
		_, perr := Parse(c.IRI)
		switch {
		case perr != nil && perr.(Violation).Code == CodeBadScheme:
			j.diff(jenaScheme)
		case err == nil && percentDecodeAll(got) == percentDecodeAll(want):
			j.diff(jenaEncoding)
		case err == nil && strings.EqualFold(got, want):
			j.diff(jenaHostCase)
		case err != nil && err.(Violation).Code == CodeCharNotAllowed && strings.Contains(err.Error(), "in host"):
			j.diff(jenaHostChar)
		default:
			t.Errorf("Display(%+q) = %+q, %v; Jena %+q", c.IRI, got, err, want)
		}
	}
	j.log(t, "jena toDisplayString", jenaDisplayFloor)
}

func TestConformanceJenaResolve(t *testing.T) {
	j := newTally()
	for _, r := range loadJena(t).Resolves {
		if len(r.IRIs) != 2 || r.Result.ToString.Value == nil {
			t.Fatalf("unexpected <Resolve> shape: %+v", r)
		}
		j.total++
		base, ref, want := r.IRIs[0].IRI, r.IRIs[1].IRI, *r.Result.ToString.Value
		got, err := Resolve(base, ref)
		if err == nil && got == want {
			j.pass++
			continue
		}
		b, _ := Parse(base)
		rf, _ := Parse(ref)
		if rf.Scheme != "" && strings.EqualFold(rf.Scheme, b.Scheme) {
			if alt, err := Resolve(base, ref[len(rf.Scheme)+1:]); err == nil && alt == want {
				j.diff(jenaStrict)
				continue
			}
		}
		if !b.HasAuthority && !strings.HasPrefix(b.Path, "/") && err == nil &&
			strings.Replace(got, ":/", ":", 1) == want {
			j.diff(jenaRootless)
			continue
		}
		t.Errorf("Resolve(%+q, %+q) = %+q, %v; Jena %+q", base, ref, got, err, want)
	}
	j.log(t, "jena resolve", jenaResolveFloor)
}

// Jena violation codes that are RFC 3987 syntax violations (a character or
// "%" outside the IRI-reference production). Not syntax: NON_URI_CHARACTER
// (non-ASCII, legal in IRIs), PERCENT (Jena flags any use of "%", e.g. the
// valid "#Andr%C3%A9"), LOWERCASE_PREFERRED, REQUIRED_COMPONENT_MISSING,
// UNREGISTERED_IANA_SCHEME, SCHEME_PATTERN_MATCH_FAILED and
// NON_INITIAL_DOT_SEGMENT (scheme-specific or advisory). The host codes are
// compared with CodeBadHost or a violation inside the host separately.
var (
	jenaSyntaxCodes = map[string]bool{"ILLEGAL_CHARACTER": true, "UNWISE_CHARACTER": true, "CONTROL_CHARACTER": true,
		"WHITESPACE": true, "DOUBLE_WHITESPACE": true, "NOT_XML_SCHEMA_WHITESPACE": true,
		"BIDI_FORMATTING_CHARACTER": true, "PRIVATE_USE_CHARACTER": true, "LONE_SURROGATE": true}
	jenaHostCodes = map[string]bool{"BAD_IDN": true, "DOUBLE_DASH_IN_REG_NAME": true, "DNS_LABEL_DASH_START_OR_END": true, "NOT_DNS_NAME": true}
)

func TestConformanceJenaViolations(t *testing.T) {
	syn, host := newTally(), newTally()
	for _, c := range allJenaIRIs(loadJena(t)) {
		js, jh := false, false
		for _, v := range c.Violations {
			js = js || jenaSyntaxCodes[v]
			jh = jh || jenaHostCodes[v]
		}
		os, oh := false, false
		for _, v := range Validate(c.IRI) {
			if v.Code == CodeBadHost || v.Detail == "in host" {
				oh = true
			}
			if v.Code != CodeBadHost {
				os = true
			}
		}
		syn.total++
		if js == os {
			syn.pass++
		} else {
			t.Errorf("Validate(%+q) syntax violation %v; Jena %v", c.IRI, os, c.Violations)
		}
		host.total++
		switch {
		case jh == oh:
			host.pass++
		case jh && strings.Contains(c.IRI, "//dickinson-i-4/"):
			host.diff(jenaFalseDash)
		default:
			t.Errorf("Validate(%+q) host violation %v; Jena %v", c.IRI, oh, c.Violations)
		}
	}
	syn.log(t, "jena violations (syntax)", jenaSyntaxFloor)
	host.log(t, "jena violations (host)", jenaHostFloor)
}

const (
	jenaToASCIIFloor = 330
	jenaDisplayFloor = 281
	jenaResolveFloor = 80
	jenaSyntaxFloor  = 347
	jenaHostFloor    = 345
)
