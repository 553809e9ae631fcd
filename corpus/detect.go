package corpus

import (
	"bytes"
	"path"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/rewrite/mail"
)

// The format decisions below are those of "iriscan rewrite --format auto"
// (cmd/iriscan: isMail, detectDocument), so that every output equals what
// the command prints for its file alone.

// mailExt and htmlExt are the extensions that decide a format by name.
func mailExt(ext string) bool { return ext == ".eml" || ext == ".mbox" || ext == ".mbx" }
func htmlExt(ext string) bool { return ext == ".html" || ext == ".htm" || ext == ".xhtml" }

// isMail reports whether the document called name, whose first bytes are
// head, is a message or an mbox.
func isMail(name string, head []byte) bool {
	return mailExt(strings.ToLower(path.Ext(name))) || mail.Looks(head)
}

// detectDocument reports whether the document is HTML and finds its
// charset: a byte order mark, else for HTML the <meta charset> prescan,
// else UTF-8.
func detectDocument(name string, head []byte) (html bool, cs *charset.Charset, rule charset.Rule, err error) {
	html = looksHTML(name, head)
	hint := charset.Hint{Format: charset.FormatText}
	if html {
		hint.Format = charset.FormatHTML
	}
	cs, rule, err = charset.Detect(head, hint)
	return html, cs, rule, err
}

// looksHTML reports whether the document is HTML by its name's extension,
// or by its first bytes: a doctype, a comment, or an html, head or body
// tag after an optional BOM and whitespace.
func looksHTML(name string, head []byte) bool {
	if htmlExt(strings.ToLower(path.Ext(name))) {
		return true
	}
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n\f")
	for _, p := range []string{"<!doctype html", "<html", "<head", "<body", "<!--"} {
		if len(head) >= len(p) && bytes.EqualFold(head[:len(p)], []byte(p)) {
			return true
		}
	}
	return false
}

// sniffLen is the resource header of the MIME Sniffing Standard (§7.2,
// "binary data byte" rule): the bytes looked at to tell text from binary.
const sniffLen = 1445

// binaryReason returns why head, the first bytes of a document, is not
// text, or "" if it is. Following the MIME Sniffing Standard §7.1 (rules
// for text or binary), a UTF-16 or UTF-8 byte order mark means text, and
// otherwise a binary data byte (0x00-0x08, 0x0B, 0x0E-0x1A, 0x1C-0x1F)
// means binary. 0x1B (ESC) is text: ISO-2022-JP uses it.
func binaryReason(head []byte) string {
	if cs, n := charset.BOM(head); n > 0 && cs != nil {
		return ""
	}
	for i, c := range head[:min(len(head), sniffLen)] {
		if c <= 0x08 || c == 0x0b || (c >= 0x0e && c <= 0x1a) || (c >= 0x1c && c <= 0x1f) {
			return "binary: byte 0x" + hex2(c) + " at offset " + itoa(int64(i))
		}
	}
	return ""
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}
