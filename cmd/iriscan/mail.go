package main

import (
	"path/filepath"
	"strings"

	"github.com/iriscan/iriscan/rewrite/mail"
)

// The mail support of rewrite and linkify is package rewrite/mail, reached
// through these names so that the tests can put a fake in its place.

// mailOptions are the options of a mail rewrite: the document options of
// every part; mail sets Format and Charset per part.
type mailOptions = mail.Options

var (
	// mailRewrite rewrites one message or an mbox.
	mailRewrite = mail.Rewrite
	// mailLooks reports whether a document's first bytes look like a
	// message or an mbox.
	mailLooks = mail.Looks
)

// isMail reports whether the input called name, whose first bytes are
// head, is read as mail under the --format flag format: with --format
// mail, or with auto when the name ends in .eml, .mbox or .mbx or the
// content looks like mail.
func isMail(name string, head []byte, format string) bool {
	switch format {
	case "mail":
		return true
	case "auto":
		switch strings.ToLower(filepath.Ext(name)) {
		case ".eml", ".mbox", ".mbx":
			return true
		}
		return mailLooks(head)
	}
	return false
}
