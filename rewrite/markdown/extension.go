package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/scanner"
)

// Extension is a goldmark extension that makes the IRIs of prose links,
// with iriscan's rules: a goldmark user adds it in place of goldmark's
// extension.Linkify (whose pattern is ASCII-only), and gets IRIs in any
// script, the delimiters and closing punctuation of CJK text, and the bidi
// rules of draft-duerst-iri-bis-07 right.
//
// Each IRI found in prose (as this package defines it; the text of links
// is never touched) becomes an *ast.Link whose destination is its URI form
// (Section 3.6: IDNA A-labels for the host, percent-encoded UTF-8 for the
// rest; "https://" (LinkOptions.DefaultScheme) added to www. and "mailto:" to e-mail addresses) and
// whose text is the IRI as written. Each link gets dir="ltr", which keeps
// the components of a right-to-left IRI in order (Section 4.1).
//
// Of Options it uses Scanner (what is found), SkipElements (inline raw
// HTML elements whose text is not prose), and Target and Rel (attributes of
// the links when not empty). The zero value is ready to use.
type Extension struct {
	Options rewrite.Options
}

// Extend implements goldmark.Extender: it adds an AST transformer that
// runs after the inline parsers.
func (e *Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(&transformer{o: e.Options}, 500)))
}

type transformer struct {
	o rewrite.Options
}

// Transform finds the IRIs of the prose of doc and puts links in place.
func (t *transformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	w := newWalker(src, t.o.SkipElements)
	w.walk(doc)
	w.end()
	ms := scanner.Find(w.view, &t.o.Scanner)
	l := linker{o: &t.o, conv: iri.Converter{Bidi: iri.BidiNone}}
	// From the last match to the first: a node is split only after every
	// later match in it is done, and earlier matches stay in its first part.
	for i := len(ms) - 1; i >= 0; i-- {
		m := &ms[i]
		vs, ve := int(m.Offset), int(m.Offset+m.Length)
		s, e, _, ok := w.span(vs, ve)
		if !ok {
			continue
		}
		lk, ok, err := l.link(m)
		if err != nil || !ok {
			continue
		}
		first, last := w.pieces[w.pieceAt(vs)].node, w.pieces[w.pieceAt(ve-1)].node
		t.replace(first, last, s, e, lk)
	}
}

// replace puts a link to lk in place of the source bytes [s, e), which
// run from the Text node first to the Text node last, siblings.
func (t *transformer) replace(first, last *ast.Text, s, e int, lk link) {
	parent := first.Parent()
	if parent == nil || last.Parent() != parent {
		return
	}
	var a ast.Node
	if lk.href == "" {
		// Defanged: text, not a link.
		str := ast.NewString([]byte(lk.text))
		str.SetCode(true) // written as it is, HTML-escaped
		a = str
	} else {
		ln := ast.NewLink()
		ln.Destination = []byte(lk.href)
		if lk.title != "" {
			ln.Title = []byte(lk.title)
		}
		if t.o.Target != "" {
			ln.SetAttributeString("target", []byte(t.o.Target))
		}
		if t.o.Rel != "" {
			ln.SetAttributeString("rel", []byte(t.o.Rel))
		}
		if c := t.o.Links.Options().Class; c != "" {
			ln.SetAttributeString("class", []byte(c))
		}
		ln.SetAttributeString("dir", []byte("ltr"))
		if lk.text == "" {
			ln.AppendChild(ln, ast.NewTextSegment(text.NewSegment(s, e)))
		} else {
			str := ast.NewString([]byte(lk.text))
			str.SetCode(true) // written as it is, HTML-escaped
			ln.AppendChild(ln, str)
		}
		a = ln
	}
	var after *ast.Text
	if stop := last.Segment.Stop; e < stop || last.SoftLineBreak() || last.HardLineBreak() {
		after = ast.NewTextSegment(text.NewSegment(e, stop))
		after.SetSoftLineBreak(last.SoftLineBreak())
		after.SetHardLineBreak(last.HardLineBreak())
	}
	// Drop the nodes after first up to last.
	if first != last {
		for c := first.NextSibling(); c != nil; {
			next := c.NextSibling()
			parent.RemoveChild(parent, c)
			if c == ast.Node(last) {
				break
			}
			c = next
		}
	}
	if s > first.Segment.Start {
		first.Segment = first.Segment.WithStop(s)
		first.SetSoftLineBreak(false)
		first.SetHardLineBreak(false)
		parent.InsertAfter(parent, first, a)
	} else {
		parent.ReplaceChild(parent, first, a)
	}
	if after != nil {
		parent.InsertAfter(parent, a, after)
	}
}
