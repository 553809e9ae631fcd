package main

import "github.com/iriscan/iriscan/rewrite/mail"

// The mail support of rewrite and linkify is package rewrite/mail, reached
// through these names so that the tests can put a fake in its place.

// mailOptions are the options of a mail rewrite: the document options of
// every part; mail sets Format and Charset per part.
type mailOptions = mail.Options

var (
	// mailRewrite rewrites one message or an mbox.
	mailRewrite = mail.Rewrite
)
