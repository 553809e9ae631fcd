package iri

import (
	"fmt"
	"strings"
	"unicode"
)

// Code classifies a Violation.
type Code uint8

// Violation codes. Their names follow the vocabulary of the draft; the
// comment of each gives the rule it enforces.
const (
	CodeBadScheme      Code = iota + 1 // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	CodeBadPort                        // port = *DIGIT
	CodeBadIPLiteral                   // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
	CodeCharNotAllowed                 // a character outside the component's production
	CodePrivateUse                     // iprivate outside the query (Section 2.2)
	CodeBidiFormatting                 // bidi formatting character (Section 4.1)
	CodeBadPercent                     // "%" not followed by two hex digits
	CodeInvalidUTF8                    // the input is not UTF-8
	CodeBadHost                        // a DNS host that fails IDNA ToASCII (Section 3.4)
)

var codeText = [...]string{
	CodeBadScheme:      "invalid scheme",
	CodeBadPort:        "invalid port",
	CodeBadIPLiteral:   "invalid IP literal",
	CodeCharNotAllowed: "character not allowed",
	CodePrivateUse:     "private-use character outside the query",
	CodeBidiFormatting: "bidi formatting character",
	CodeBadPercent:     "'%' not followed by two hex digits",
	CodeInvalidUTF8:    "invalid UTF-8",
	CodeBadHost:        "invalid host name",
}

func (c Code) String() string {
	if int(c) < len(codeText) && codeText[c] != "" {
		return codeText[c]
	}
	return fmt.Sprintf("Code(%d)", int(c))
}

// A Violation is one way in which a string breaks the IRI syntax, at a byte
// offset of the string. It is also the error type of Parse and of the
// conversions.
type Violation struct {
	Offset int    // byte offset in the checked string
	Code   Code   // what rule is broken
	Char   rune   // the offending character, or -1
	Detail string // more about it, e.g. the component or the IDNA error
}

// Error formats the violation as "offset N: reason U+XXXX 'c' (detail)".
func (v Violation) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "offset %d: %s", v.Offset, v.Code)
	if v.Char >= 0 {
		if v.Char >= 0x20 && v.Char < 0x7F || v.Char >= 0xA0 && !keepEncoded(v.Char) && unicode.IsGraphic(v.Char) {
			fmt.Fprintf(&b, " %U %q", v.Char, v.Char)
		} else {
			fmt.Fprintf(&b, " %U", v.Char)
		}
	}
	if v.Detail != "" {
		b.WriteString(" (")
		b.WriteString(v.Detail)
		b.WriteByte(')')
	}
	return b.String()
}
