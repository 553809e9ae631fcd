// Package lint finds links that lie about where they go: the tricks of
// phishing mail and spoofed pages, reported with the source byte offset
// of each.
//
// A [Linter] reads a document decoded by a [charset.Reader], as text or
// as HTML, finds its IRIs with package scanner, and reports a [Finding]
// for each of these (docs/lint.md):
//
//   - [BidiControl]: a bidirectional formatting character (U+202A–U+202E,
//     U+2066–U+2069, U+200E, U+200F, U+061C) inside an IRI or right before
//     or after it, which reorders what the reader sees
//     ("http://4pm.asia/\u202Eaisa.mp4" shows as "http://4pm.asia/4pm.asia").
//   - [ConfusableHost]: a host label that passes for an ASCII one
//     ("аpple.com" with a Cyrillic а) or holds a look-alike of "/", "." or
//     ":"; [MixedScriptHost]: a host label that mixes scripts as spoofing
//     does (Latin with Cyrillic or Greek). Both are the labels iri.Display
//     shows as A-labels (iri.HostRisks); a label can be both.
//   - [UserinfoHost]: user information that reads as a host name
//     ("https://accounts.example.com@evil.example/" goes to evil.example).
//   - [AnchorHostMismatch] (HTML): an a element whose visible text names a
//     host other than the one its href goes to.
//   - [ScriptScheme] (HTML): javascript: or vbscript: in any URL attribute,
//     data: in one that navigates (href, action, formaction, …), after
//     the URL parser's own clean-up (references decoded, leading controls
//     and spaces stripped, tabs and newlines removed, any letter case).
package lint

import (
	"fmt"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/scanner"
)

// A Kind is a kind of finding.
type Kind uint8

// The kinds of finding.
const (
	BidiControl Kind = iota + 1
	ConfusableHost
	MixedScriptHost
	UserinfoHost
	AnchorHostMismatch
	ScriptScheme
)

var kindNames = [...]string{"", "bidi-control", "confusable-host", "mixed-script-host", "userinfo-host", "anchor-host-mismatch", "script-scheme"}

// String returns the kind's name as iriscan lint prints it, such as
// "bidi-control".
func (k Kind) String() string {
	if k != 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// A Finding is one thing a Linter reports.
type Finding struct {
	Kind Kind
	// Offset and Length locate the IRI (for AnchorHostMismatch, the
	// content of the a element) in source bytes.
	Offset, Length int64
	// Text is the IRI as written (for AnchorHostMismatch, the link's
	// visible text).
	Text string
	// Reason says, for a person, what is wrong.
	Reason string
}

// Options configure a Linter. The zero value (or nil) reads text.
type Options struct {
	// HTML reads the document as HTML: URL attributes, text, and the
	// visible text of links.
	HTML bool
	// Fuzzy also finds bare domains (example.com) in running text.
	Fuzzy bool
	// MaxLength is the longest IRI in bytes looked at; zero means
	// DefaultMaxLength.
	MaxLength int
}

// DefaultMaxLength is the default of Options.MaxLength: longer than the
// scanner's default, so that a data: URL of a few pages is still seen.
const DefaultMaxLength = 64 << 10

// A Linter reports the findings of one document, in document order of
// the IRIs they are about. It holds memory bounded by MaxLength, as a
// scanner does.
type Linter struct {
	cr   *charset.Reader
	feed feed
	sc   interface {
		Scan() bool
		Match() scanner.Match
		Err() error
		Retained() int64
	}
	checker checker
	pending []Finding
	head    int
	f       Finding
	err     error
}

// New returns a Linter reading the document that cr decodes.
func New(cr *charset.Reader, o *Options) *Linter {
	if o == nil {
		o = &Options{}
	}
	l := &Linter{cr: cr, checker: checker{hosts: map[string]hostVerdict{}}}
	l.feed = feed{r: cr, html: o.HTML}
	so := scanner.Options{Fuzzy: o.Fuzzy, MaxLength: o.MaxLength}
	if so.MaxLength <= 0 {
		so.MaxLength = DefaultMaxLength
	}
	if o.HTML {
		// Every text a reader sees, link text included; only script and
		// style are not shown.
		l.sc = scanner.NewHTMLScanner(&l.feed, &scanner.HTMLOptions{Options: so, LinkTexts: true,
			SkipElements: []string{"script", "style"}})
	} else {
		l.sc = scanner.NewScanner(&l.feed, &so)
	}
	l.feed.retained = l.sc.Retained
	return l
}

// Reset makes l report the findings of the document that cr decodes,
// with the same options, reusing its scanner's window: a batch job (the
// parts of a message) lints many documents with one Linter.
func (l *Linter) Reset(cr *charset.Reader) {
	l.cr = cr
	l.feed = feed{r: cr, html: l.feed.html, retained: l.feed.retained,
		buf: l.feed.buf[:0], marks: l.feed.marks[:0], carry: l.feed.carry[:0]}
	l.pending, l.head, l.f, l.err = l.pending[:0], 0, Finding{}, nil
	switch sc := l.sc.(type) {
	case *scanner.Scanner:
		sc.Reset(&l.feed)
	case *scanner.HTMLScanner:
		sc.Reset(&l.feed)
	}
}

// Scan advances to the next finding, then available through Finding. It
// returns false at the end of the document or on an error.
func (l *Linter) Scan() bool {
	if l.head == len(l.pending) {
		l.pending, l.head = l.pending[:0], 0
	}
	for len(l.pending) == 0 {
		if l.err != nil || !l.sc.Scan() {
			if l.err == nil {
				l.err = l.sc.Err()
			}
			return false
		}
		m := l.sc.Match()
		start, end := l.cr.Map().SourceOffset(m.Offset), l.cr.Map().SourceOffset(m.Offset+m.Length)
		if start < 0 || end < start {
			l.err = fmt.Errorf("lint: no source offset for the match at decoded byte %d", m.Offset)
			return false
		}
		n := len(l.pending)
		l.checker.check(&m, &l.feed, &l.pending)
		for k := n; k < len(l.pending); k++ {
			f := &l.pending[k]
			f.Offset, f.Length = start, end-start
			if f.Text == "" {
				f.Text = m.Text
			}
		}
	}
	l.f = l.pending[l.head]
	l.head++
	return true
}

// Finding returns the finding Scan found last.
func (l *Linter) Finding() Finding { return l.f }

// Err returns the first read or decoding error.
func (l *Linter) Err() error { return l.err }
