// Package detect decides how to read a document: its format (plain text,
// HTML, CSS, Markdown or mail) and its charset, from its name, its first bytes and what
// the caller already knows. It is the "auto" of iriscan's --format and
// --charset flags, shared by the command line and package corpus, so that
// a file is read the same way whichever of them reads it.
//
// The decision, for a Format of Auto:
//
//   - Binary: a NUL byte in the first BinaryLen bytes, as grep decides,
//     unless a byte order mark says the document is UTF-16. A binary file
//     is reported as such so that the caller can skip it; a caller that
//     forces a format gets that format instead.
//   - Mail: a name ending in .eml, .mbox or .mbx, or first bytes that
//     mail.Looks accepts (a header block, or an mbox "From " line).
//   - HTML: a name ending in .html, .htm or .xhtml, or first bytes that
//     start like HTML (a doctype, a comment, or an html, head or body tag,
//     after an optional BOM and white space).
//   - CSS: a name ending in .css (a style sheet is not recognised by its
//     content), or Options.ContentType text/css.
//   - Markdown: a name ending in .md, .markdown, .mdown or .mkd (by name
//     only: Markdown is also plain text, and its content does not tell).
//   - Text otherwise.
//
// The charset of a text, HTML or CSS document is then found by
// charset.Detect: the caller's label, a byte order mark, the charset of
// Options.ContentType, for HTML the <meta> prescan and for CSS the
// @charset rule, else UTF-8. A mail message has no single charset: each
// part has its own, and package rewrite/mail reads it.
package detect

import (
	"bytes"
	"fmt"
	"mime"
	"path/filepath"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/rewrite/mail"
)

// A Format is the syntax a document is read in.
type Format uint8

const (
	// Auto, in Options, asks Document to decide; a Result never has it.
	Auto Format = iota
	// Text is plain text.
	Text
	// HTML is an HTML document or fragment.
	HTML
	// Mail is an RFC 5322 message or an mbox archive.
	Mail
	// Binary is a file that is not text, such as an image or an
	// executable: a Result has it only when Options.Format is Auto.
	Binary
	// CSS is a style sheet.
	CSS
	// Markdown is a CommonMark or GitHub Flavored Markdown document.
	Markdown
)

var formatNames = [...]string{"auto", "text", "html", "mail", "binary", "css", "markdown"}

// String returns the format's name: auto, text, html, mail, binary, css or
// markdown.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// ParseFormat returns the Format a --format flag names: auto, text, html,
// mail, css or markdown. Binary cannot be asked for.
func ParseFormat(s string) (Format, bool) {
	for i, n := range formatNames {
		if n == s && Format(i) != Binary {
			return Format(i), true
		}
	}
	return 0, false
}

// MediaFormat returns the format of a document whose Content-Type is ct:
// HTML for text/html and application/xhtml+xml, CSS for text/css, Text for
// text/plain, and Auto for any other type or none.
func MediaFormat(ct string) Format {
	mt, _, _ := mime.ParseMediaType(ct)
	switch mt {
	case "text/html", "application/xhtml+xml":
		return HTML
	case "text/css":
		return CSS
	case "text/plain":
		return Text
	}
	return Auto
}

// HeadLen is how many first bytes of a document Document wants to see
// (fewer if the document is shorter): enough for the binary check, the
// HTML prescan and the mail header block.
const HeadLen = 64 << 10

// BinaryLen is how many first bytes are searched for a NUL byte.
const BinaryLen = 8 << 10

// Options say what the caller already knows. The zero value decides
// everything from the name and the content.
type Options struct {
	// Format, if not Auto, is the document's format: no binary check.
	Format Format
	// Charset, if not empty, is the document's charset label (any WHATWG
	// label); it is ignored for mail, whose parts carry their own.
	Charset string
	// ContentType, if not empty, is the document's Content-Type as a
	// transport gave it (HTTP, WARC): with Format Auto its media type
	// decides (MediaFormat), and its charset parameter comes after a
	// byte order mark and before the document's own declaration.
	ContentType string
}

// A Result says how to read a document.
type Result struct {
	Format Format
	// Charset is the charset of a Text or HTML document, and nil for Mail
	// and Binary.
	Charset *charset.Charset
	// Rule is the rule that decided Charset.
	Rule charset.Rule
	// Guess, when Rule is charset.RuleSniffed, says how sure the guess is
	// and how many invalid sequences the charset sees in the head.
	Guess charset.Guess
}

// Warning returns a one-line warning for a document called name whose
// charset was guessed weakly, naming the guess, why it is weak and the
// flag that settles it; "" when there is nothing to warn about.
func (r Result) Warning(name string) string {
	g := r.Guess
	if r.Rule != charset.RuleSniffed || g.Confidence != charset.ConfidenceWeak || g.Charset == nil {
		return ""
	}
	span := fmt.Sprintf("%d bytes", g.Len)
	if g.Len >= 1<<10 {
		span = fmt.Sprintf("%d KiB", g.Len>>10)
	}
	why := fmt.Sprintf("%d invalid byte sequences in the first %s", g.Invalid, span)
	if g.Invalid == 0 {
		why = "little or ambiguous text in the first " + span
	}
	return fmt.Sprintf("%s: charset guessed as %s (weak: %s); use --charset to set it", name, g.Charset.Name(), why)
}

// Document decides how to read the document called name (a path, or ""
// for standard input) whose first bytes are head (HeadLen of them, or the
// whole document if it is shorter). The error is a *charset.LabelError for
// an unknown charset label, or an error for a Format out of range.
func Document(name string, head []byte, o Options) (Result, error) {
	f := o.Format
	switch f {
	case Auto:
		if f = MediaFormat(o.ContentType); f == Auto {
			f = guess(name, head)
		}
	case Text, HTML, Mail, CSS, Markdown:
	default:
		return Result{}, fmt.Errorf("detect: format %v cannot be asked for", f)
	}
	r := Result{Format: f}
	if f == Mail || f == Binary {
		return r, nil
	}
	h := charset.Hint{Format: charset.FormatText, Label: o.Charset, ContentType: o.ContentType}
	switch f {
	case HTML:
		h.Format = charset.FormatHTML
	case CSS:
		h.Format = charset.FormatCSS
	}
	var err error
	r.Charset, r.Rule, err = charset.Detect(head, h)
	if err == nil && r.Rule == charset.RuleSniffed {
		r.Guess = charset.Sniff(head)
	}
	return r, err
}

// guess decides the format of a document by its name and first bytes.
func guess(name string, head []byte) Format {
	if IsBinary(head) {
		return Binary
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".eml", ".mbox", ".mbx":
		return Mail
	case ".html", ".htm", ".xhtml":
		return HTML
	case ".css":
		return CSS
	case ".md", ".markdown", ".mdown", ".mkd":
		return Markdown
	}
	if mail.Looks(head) {
		return Mail
	}
	if looksHTML(head) {
		return HTML
	}
	return Text
}

// IsBinary reports whether a document whose first bytes are head is
// binary: it has a NUL byte in its first BinaryLen bytes, as grep
// decides, and no UTF-16 byte order mark (UTF-16 text is full of NULs).
func IsBinary(head []byte) bool {
	if cs, _ := charset.BOM(head); cs != nil && cs != charset.UTF8 {
		return false
	}
	return bytes.IndexByte(head[:min(len(head), BinaryLen)], 0) >= 0
}

// htmlStarts are the first tokens that make a document HTML by content.
var htmlStarts = []string{"<!doctype html", "<html", "<head", "<body", "<!--"}

// looksHTML reports whether the first bytes of a document start like
// HTML: a doctype, a comment, or an html, head or body tag, after an
// optional UTF-8 byte order mark and white space.
func looksHTML(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n\f")
	for _, p := range htmlStarts {
		if len(head) >= len(p) && bytes.EqualFold(head[:len(p)], []byte(p)) {
			return true
		}
	}
	return false
}
