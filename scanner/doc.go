// Package scanner finds IRIs in running text and HTML.
//
// Detection follows Section 8.3 of draft-duerst-iri-bis-07: candidates are
// recognised by IRI syntax (Section 2.2), and a non-ASCII character is not by
// itself the end of an IRI. A match starts at a known scheme followed by ':'
// (and "//" for hierarchical schemes), at "www." followed by a valid host, or
// at an e-mail address; bare domains with a known public suffix are matched
// only in the opt-in fuzzy mode. The end of a match leaves out trailing
// sentence punctuation and unbalanced closing brackets. See the README's
// "scanner" section for the full rule list.
//
// A Scanner reads UTF-8 text from an io.Reader in chunks and reports matches
// with byte offsets in that text; the result does not depend on how the
// reader splits its input. Memory use is bounded by the configured maximum
// match length, whatever the input.
package scanner
