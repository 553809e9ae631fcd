// Package mail rewrites the IRIs of mail messages (RFC 5322, MIME) and mbox
// archives, and turns them into links, changing nothing else.
//
// Rewrite walks the MIME structure of each message. A text/plain or
// text/html part that is not an attachment is decoded from its transfer
// encoding and charset, rewritten by a rewrite.Rewriter, and written back
// re-encoded; every other byte—headers, preamble and epilogue, delimiters,
// other parts, line endings—is copied as it was, and a part in which
// nothing changes is copied byte for byte, not re-encoded.
//
// # What changes in a changed part
//
//   - The body is written in its charset when the charset can represent the
//     result (rewrite.Options.StrictCharset is set). When it cannot—a
//     Latin-1 text linkified with a Japanese display form, say—the part is
//     decoded and rewritten in UTF-8 instead, and the value of the charset
//     parameter becomes utf-8 (added if it was missing). A part labelled
//     US-ASCII, or not labelled, is read as UTF-8 and, if its new body is
//     not ASCII, labelled utf-8 (it was read as UTF-8).
//   - The body is re-encoded with the part's Content-Transfer-Encoding:
//     quoted-printable by mime/quotedprintable, base64 in lines of 76
//     characters, both with the part's line ending (CRLF or LF). A 7bit (or
//     unlabelled) part whose new body is not ASCII, or a 7bit or 8bit part
//     with a line over 998 octets, becomes quoted-printable: it is the
//     encoding that keeps the mail readable and safe on any transport,
//     whereas 8bit needs 8BITMIME all the way. The line breaks at the end of
//     a body are kept as they were.
//   - Linkify makes a text/plain part text/html: the media type in
//     Content-Type becomes text/html, its charset parameter stays, its
//     format and delsp parameters, meaningless for HTML, go. The body
//     becomes an HTML fragment, <div style="white-space: pre-wrap">…</div>,
//     so that it shows as the plain text did (line breaks and spaces kept,
//     long lines wrapped), with the text escaped and each IRI a link. A part
//     in which no link is made stays text/plain and unchanged. A text/html
//     part is linkified in place.
//   - Headers are edited in their raw bytes: only the media type, the
//     charset value, the format and delsp parameters and the transfer
//     encoding value change; a missing Content-Type or
//     Content-Transfer-Encoding field is added at the end of the part's
//     header (with MIME-Version: 1.0 at the top of a message without one).
//
// # format=flowed
//
// A format=flowed text/plain part (RFC 3676, DelSp=yes or no) is unflowed
// before scanning: space-stuffing removed, soft line breaks joined (their
// trailing space deleted when DelSp=yes) with the quote marks of the joined
// line, so that an IRI wrapped by a soft break is found as one IRI. When
// the part stays text/plain (ToURI, ToIRI, ToDisplay), the changes are put
// back into the flowed text: text outside the rewritten IRIs keeps its soft
// line breaks exactly, and an IRI that spanned soft breaks is written back
// unbroken, on one line, where it started, so that a reader that ignores
// format=flowed sees one IRI too. When linkified into HTML, hard line breaks
// stay line breaks, the soft breaks of DelSp=yes text become <wbr> (a break
// opportunity, outside links) and those of DelSp=no text leave their space,
// where pre-wrap may wrap.
//
// # What is left alone
//
// Parts with Content-Disposition: attachment are never changed, text
// attachments included: an attached file is the sender's file. Non-text
// parts are copied. A message/rfc822 part that is not an attachment (a
// forwarded message shown inline) is walked like a message if its transfer
// encoding is 7bit, 8bit or binary. A malformed entity—a multipart without
// its boundary, a bad base64 or quoted-printable body, an unknown charset
// or transfer encoding, a header that cannot be read—is copied byte for
// byte and reported to OnError as a *PartError. A multipart without its
// close delimiter is reported too; its parts that end at a delimiter are
// rewritten, and its last part, which runs to the end of the input, is
// copied.
//
// # Memory
//
// The input is read as a stream and written as it is read: bytes that
// are not in a text part (headers, delimiters, attachments, other parts)
// go straight through, so that neither the size of a message nor its
// number of parts bounds memory. A text part up to InMemoryLimit (4 MiB)
// is held whole while it is rewritten, because its header may change with
// its new body (charset, transfer encoding): as read and
// transfer-decoded, with the rewriter's edits; the new body is not built,
// it is transfer-encoded while it is written. A larger text part is held
// in a temporary file instead (in Options.TempDir), as read, decoded and
// rewritten, and written once its header is known, with the same output;
// the file has no name on Linux and is removed at once elsewhere. Walk
// holds nothing: it streams every part.
//
// # mbox
//
// An input that starts with a "From " line followed by a header block is
// an mbox archive. A later "From " line starts a message when it follows
// an empty line and is followed by a header block (fields, then the empty
// line) with a field only mail has (From with an address, Received,
// Message-ID, …) or is itself dated ("From sender Mon Mar  4 10:00:00
// 2024"); any other "From " line is body text, as mutt and mailutils read
// it. The empty line before a separator is kept out of the message.
// ">From " lines are message text and are not unquoted.
//
// No line of a rewritten part starts with "From ": in quoted-printable
// output the "F" of such a line is written "=46" (RFC 2049 Section 3),
// which decodes to the same text; a 7bit, 8bit or binary part of an mbox
// whose new text has such a line (a line that was stuffed in
// format=flowed text, say, or that an mboxo writer left unquoted) is
// re-encoded as quoted-printable. The message count an mboxo reader
// (Python's mailbox, mailutils) sees is therefore that of the writer.
//
// # go-message
//
// Rewrite reads what it needs of a header (media type, boundary, charset,
// format and delsp parameters, transfer encoding, disposition) straight
// from its bytes, with the answers of
// github.com/emersion/go-message/textproto.ReadHeader and
// message.Header.ContentType and ContentDisposition (mime.ParseMediaType,
// RFC 2231 and encoded words included), to which a differential test and a
// fuzz target hold it; a header it is not sure of (an error, non-ASCII in
// one of those fields, a backslash in a quoted-string, an RFC 2231 or
// RFC 2047 form of a parameter it reads, over 16 KiB) is read by go-message.
// Walk reads headers with go-message. Rewrite decodes the
// transfer encodings of text parts itself (decodeQP, decodeBase64: the
// results and errors of mime/quotedprintable and encoding/base64, which
// go-message uses, held to them by differential tests and fuzz targets;
// one difference, a quoted-printable line over 4095 bytes is decoded
// where mime/quotedprintable fails); Walk decodes them with message.New,
// on streams. Multipart delimiters and
// mbox separators are found by this package, on streams too (a reader per
// nesting level that ends at its delimiter), because the byte offsets
// are needed to copy every unchanged byte (preamble, epilogue, delimiters
// with their padding, line endings) and splice only the changed parts.
package mail
