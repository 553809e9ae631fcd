package iri

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// punycode_tests.json (RFC 3492 vectors from punycode.js via rust-url) are
// raw Punycode, not IDNA: most decoded strings are not labels a lookup
// could produce (uppercase, which UTS #46 maps away so the encoding
// changes; spaces and punctuation; pure ASCII, which IDNA never encodes).
//
// Applicable (an a-priori filter on the vector, not on our output): the
// decoded string has a non-ASCII character, is NFC, has no uppercase
// (strings.ToLower leaves it alone), its ASCII is LDH, it has no "--" in
// positions 3-4 and no leading or trailing hyphen, and its A-label fits in
// 63 octets. For those, HostToASCII(decoded) must be "xn--"+encoded in
// lowercase, and ToIRI("http://xn--"+encoded+"/") must give the decoded
// label back. (The Arabic vector ends in U+061F, which IDNA2008 disallows
// but UTS #46 keeps as valid/NV8, so it is applicable and passes.)

type punycodeCase struct {
	Description string `json:"description"`
	Decoded     string `json:"decoded"`
	Encoded     string `json:"encoded"`
}

func punycodeApplicable(c punycodeCase) bool {
	d := c.Decoded
	if isASCII(d) || !norm.NFC.IsNormalString(d) || strings.ToLower(d) != d {
		return false
	}
	if len("xn--"+c.Encoded) > 63 || strings.HasPrefix(d, "-") || strings.HasSuffix(d, "-") ||
		len(d) >= 4 && d[2:4] == "--" {
		return false
	}
	for i := 0; i < len(d); i++ {
		b := d[i]
		if b < 0x80 && !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-') {
			return false
		}
	}
	return true
}

func TestConformancePunycode(t *testing.T) {
	data, err := os.ReadFile("../testdata/conformance/iri/punycode_tests.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []punycodeCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	pass, total := 0, 0
	for _, c := range cases {
		if !punycodeApplicable(c) {
			continue
		}
		total++
		want := "xn--" + strings.ToLower(c.Encoded)
		got, err := HostToASCII(c.Decoded)
		iri, ierr := ToIRI("http://xn--" + c.Encoded + "/")
		if err == nil && got == want && ierr == nil && iri == "http://"+c.Decoded+"/" {
			pass++
			continue
		}
		t.Errorf("%s: HostToASCII(%+q) = %q, %v (want %q); ToIRI = %+q, %v", c.Description, c.Decoded, got, err, want, iri, ierr)
	}
	t.Logf("punycode_tests: %d/%d applicable (of %d vectors)", pass, total, len(cases))
	if pass < punycodeFloor {
		t.Errorf("pass count %d below floor %d", pass, punycodeFloor)
	}
}

const punycodeFloor = 13
