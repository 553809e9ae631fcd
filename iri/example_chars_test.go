package iri_test

import (
	"fmt"

	"github.com/iriscan/iriscan/iri"
)

// HostToASCII is the IDNA profile of Section 3.4: nontransitional UTS #46
// mapping, so ß stays ß, and the ideographic full stop separates labels.
func ExampleHostToASCII() {
	for _, h := range []string{"例え.テスト", "faß.de", "bücher。example", "EXAMPLE.org", "-bad-.例え"} {
		a, err := iri.HostToASCII(h)
		fmt.Println(a, err != nil)
	}
	// Output:
	// xn--r8jz45g.xn--zckzah false
	// xn--fa-hia.de false
	// xn--bcher-kva.example false
	// example.org false
	//  true
}

// LinkTermOf gives the UTS #58 Link_Term property a linkifier uses to end
// an IRI in running text: sentence punctuation is Soft (part of the IRI
// only before more of it), a closing bracket must match an opening one.
func ExampleLinkTermOf() {
	for _, r := range "a/.。)( \u3001" {
		fmt.Printf("%U %v\n", r, iri.LinkTermOf(r))
	}
	// Output:
	// U+0061 Include
	// U+002F Include
	// U+002E Soft
	// U+3002 Soft
	// U+0029 Close
	// U+0028 Open
	// U+0020 Hard
	// U+3001 Soft
}

// The character classes of Section 2.2 and 4.1: a bidi formatting
// character is in the ucschar range, but Section 4.1 keeps it out of IRIs.
func ExampleIsUcschar() {
	for _, r := range []rune{'é', '東', '\u202E', '\uE000', '\uFFFE'} {
		fmt.Printf("%U ucschar=%v iprivate=%v bidi-formatting=%v\n", r, iri.IsUcschar(r), iri.IsIprivate(r), iri.IsBidiFormatting(r))
	}
	// Output:
	// U+00E9 ucschar=true iprivate=false bidi-formatting=false
	// U+6771 ucschar=true iprivate=false bidi-formatting=false
	// U+202E ucschar=true iprivate=false bidi-formatting=true
	// U+E000 ucschar=false iprivate=true bidi-formatting=false
	// U+FFFE ucschar=false iprivate=false bidi-formatting=false
}

// LEIRIToIRI (Section 7.1) percent-encodes what a LEIRI allows and an IRI
// does not, such as a space and a backslash.
func ExampleLEIRIToIRI() {
	fmt.Println(iri.LEIRIToIRI(`http://example.org/a b\c{d}`))
	// Output: http://example.org/a%20b%5Cc%7Bd%7D
}
