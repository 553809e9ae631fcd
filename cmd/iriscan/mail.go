package main

import (
	"errors"
	"io"
	"path/filepath"
	"strings"

	"github.com/iriscan/iriscan/rewrite/document"
)

// The mail support of rewrite and linkify goes through the three names
// below, which stand in for package github.com/iriscan/iriscan/rewrite/mail
// until it lands. To wire it in, import that package and replace them with
//
//	type mailOptions = mail.Options
//
//	var (
//		mailRewrite = mail.Rewrite
//		mailLooks   = mail.Looks
//	)
//
// (they are variables so that the tests can put a fake in their place).

// mailOptions mirrors mail.Options: the document options of every part;
// mail sets Format and Charset per part.
type mailOptions struct{ Document document.Options }

// errNoMail is what the stand-in mailRewrite returns.
var errNoMail = errors.New("mail support not built yet")

var (
	// mailRewrite rewrites one message or an mbox, as mail.Rewrite.
	mailRewrite = func(w io.Writer, r io.Reader, o *mailOptions) (document.Result, error) {
		return document.Result{}, errNoMail
	}
	// mailLooks reports whether a document's first bytes look like a
	// message or an mbox, as mail.Looks.
	mailLooks = func(head []byte) bool { return false }
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
