// Package charset finds the character encoding of a document, decodes it to
// UTF-8 as a stream while keeping a map from every decoded position back to
// the source byte offset, and encodes replacement text back into the
// document's encoding.
//
// It is the bottom layer of iriscan's promise never to change a byte it was
// not asked to change: the scanner finds IRIs in the decoded text, the
// rewriter asks the [Map] where each match lies in the source, copies every
// other source byte as it is, and encodes only the new text with
// [Charset.Encode].
//
// Data flows one way:
//
//	bytes → Decoder (UTF-8 text + Map) → scanner → rewrite → Charset.Encode → bytes
//
// Charsets are the encodings of the WHATWG Encoding Standard, as known to
// golang.org/x/text/encoding/htmlindex. The decoders are the x/text ones,
// wrapped so that each call also records where every decoded rune came
// from; UTF-8 input is only validated. Invalid byte sequences decode to
// U+FFFD, are counted and reported with their source offset, and—because
// the map points at the original bytes—are copied through unchanged by a
// rewriter; [Decoder.Strict] turns the first one into an error.
//
// [Detect] finds a document's charset from what the caller and the
// document declare; a document that declares nothing and is not UTF-8 is
// guessed by [Sniff], which scores each candidate's reading of the first
// [SniffLen] bytes with character frequencies of the languages it serves
// and says how sure it is.
package charset
