// Package iri parses, validates and converts one Internationalized
// Resource Identifier (IRI) reference, as draft-duerst-iri-bis-07 (the
// revision of RFC 3987) defines it: the mapping to a URI and back, the
// form to show to people, normalization and comparison, resolution, and
// the legacy forms LEIRI and Web Address.
//
//	u, err := iri.Parse("http://例え.テスト/資料?q=東京") // components, no allocation
//	uri, err := iri.ToURI("http://例え.テスト/資料?q=東京")
//	// http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC
//	s, err := iri.ToIRI("http://www.example.org/D%C3%BCrst")
//	// http://www.example.org/Dürst
//	d, err := iri.Display("https://ar.wikipedia.org/wiki/مصر", iri.DisplayOptions{})
//	// the IRI wrapped in LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE
//	vs := iri.Validate("http://example.org/a b") // every violation, with its offset
//	ok := iri.Equivalent("http://例え.jp/", "HTTP://xn--r8jz45g.jp/")
//
// # What it implements
//
//   - Section 2.2, the syntax: Parse splits a reference into its components
//     (each a substring of the input) and checks the structure; Validate
//     checks every character against its component's production.
//   - Sections 3.3 to 3.6, IRI to URI: ToURI, AppendURI. Every character
//     not allowed in a URI becomes percent-encoded UTF-8; a reg-name host
//     goes through IDNA (HostToASCII) and is never percent-encoded; the
//     query of an http or https reference from a document in a legacy
//     charset is encoded in that charset (Section 3.5, Converter.Charset).
//   - Section 3.7, URI to IRI: ToIRI decodes what can be shown as
//     characters and keeps encoded what the draft keeps out of IRIs.
//   - Section 4, display: Display keeps a bidirectional IRI in
//     left-to-right order (BidiMode), percent-encodes components that
//     break the bidi rules of Section 4.2, shows spoofable host labels as
//     A-labels (Section 10), and escapes minimally in the sense of Unicode
//     UTS #58 so that the displayed IRI is found again in running text.
//   - Section 5.3, comparison: NormalizeURI, Normalize and Equivalent.
//   - Section 6.5 and RFC 3986 Section 5.2, resolution: Resolve.
//   - Section 7, LEIRI and Web Address: LEIRIToIRI, WebAddressToIRI.
//   - The character classes of Section 2.2 and 4.1 (IsUcschar,
//     IsIprivate, IsBidiFormatting) and the UTS #58 Link_Term property
//     (LinkTermOf, OpeningBracket), which package scanner uses to find
//     where an IRI ends in running text.
//
// # The IDNA profile of Section 3.4
//
// HostToASCII maps a reg-name by UTS #46 nontransitional processing for
// lookup (faß.de → xn--fa-hia.de, as browsers and IDNA2008 do), with the
// bidi rule, the hyphen rules of RFC 5891 4.2.3.1, UseSTD3ASCIIRules off
// (so that _dmarc passes) and the DNS length checks. The tables are those
// of golang.org/x/net/idna for the toolchain's Unicode version
// (UnicodeVersion); go.mod pins the toolchain so that results do not
// drift. Every reg-name is treated as a DNS name.
//
// # Guarantees
//
// Functions work on one string and allocate at most the result; Parse
// allocates nothing, and AppendURI nothing when its input is already a
// URI. ToURI is idempotent and the identity on URI references. Every
// failure is a Violation with the byte offset of the fault. A Converter
// is safe for concurrent use once its fields are set.
package iri
