// Package rewrite rewrites the IRIs of whole documents—plain text and
// HTML, in any charset—and turns them into links, changing nothing else.
//
// It is the pipeline of iriscan put together:
//
//	bytes → charset (decode, offset map) → scanner (matches) → rewrite (new form) → charset (encode) → bytes
//
// A Rewriter reads a document as a stream, decodes it with the charset
// package (UTF-8 is read as it is: the scanner passes over invalid bytes),
// finds its IRIs with the scanner package, converts each with the rewrite
// package, and writes the document back in its own charset. Every
// byte outside a replaced IRI is copied from the source as it was: the
// output differs from the input only inside the rewritten spans (and, when
// linkifying plain text, where a character must be escaped for HTML). Memory
// stays bounded whatever the size of the document: the source bytes are
// held only from the last write up to the scanner's window.
//
// A replacement is encoded in the document's charset. A character the
// charset cannot represent becomes a numeric character reference in HTML
// and percent-encoded UTF-8 in plain text (Section 6.3 of
// draft-duerst-iri-bis-07), unless Options.StrictCharset asks for an error.
// An IRI that cannot be converted (a host that fails IDNA, say) is left as
// it was and reported with its byte offset through Options.OnError.
package rewrite
