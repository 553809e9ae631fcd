package iri

import (
	"sort"
	"unicode"
)

//go:generate go run gen_linkterm.go

// LinkTerm is the Link_Term property of Unicode UTS #58 (Unicode Link
// Detection and Formatting): how a character behaves at the end of a link
// found in running text. The display form uses it to keep a displayed IRI
// detectable as itself, and the scanner to find where an IRI ends.
type LinkTerm uint8

// Values of the Link_Term property.
const (
	LinkHard    LinkTerm = iota // ends a link (spaces, controls, unlisted code points)
	LinkInclude                 // part of a link
	LinkSoft                    // part of a link only if an Include character follows (sentence punctuation)
	LinkClose                   // a closing bracket: part of a link only if it matches an opening one
	LinkOpen                    // an opening bracket
)

var linkTermNames = [...]string{"Hard", "Include", "Soft", "Close", "Open"}

func (t LinkTerm) String() string {
	if int(t) < len(linkTermNames) {
		return linkTermNames[t]
	}
	return "LinkTerm(?)"
}

var asciiLinkTerm = func() (t [128]LinkTerm) {
	for r := rune(0); r < 128; r++ {
		t[r] = lookupLinkTerm(r)
	}
	return t
}()

// LinkTermOf returns the Link_Term property of r (UTS #58 17.0.0 data).
func LinkTermOf(r rune) LinkTerm {
	if r >= 0 && r < 128 {
		return asciiLinkTerm[r]
	}
	return lookupLinkTerm(r)
}

func lookupLinkTerm(r rune) LinkTerm {
	switch {
	case unicode.Is(linkTermInclude, r):
		return LinkInclude
	case unicode.Is(linkTermSoft, r):
		return LinkSoft
	case unicode.Is(linkTermClose, r):
		return LinkClose
	case unicode.Is(linkTermOpen, r):
		return LinkOpen
	}
	return LinkHard
}

// OpeningBracket returns the opening bracket that the closing bracket c
// matches (UTS #58 LinkBracket.txt), and false if c is not a closing bracket.
func OpeningBracket(c rune) (rune, bool) {
	i := sort.Search(len(bracketPairs), func(i int) bool { return bracketPairs[i][0] >= c })
	if i < len(bracketPairs) && bracketPairs[i][0] == c {
		return bracketPairs[i][1], true
	}
	return 0, false
}
