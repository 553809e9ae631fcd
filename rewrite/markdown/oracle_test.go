package markdown

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// The oracle: goldmark's own parse of a document before and after an edit.
// A rewrite may change only prose and destinations; a linkify may only add
// links around text that stays as it reads.

// tree is what the oracle compares of a parsed document.
type tree struct {
	// shape lists the nodes in document order: their kind, with the
	// content of code and raw HTML, and the text a reader sees of each run
	// of text (escapes and references resolved).
	shape  []string
	links  []string // destinations of links and images
	titles []string // their titles, and the labels of definitions
	code   []string // code spans, code blocks, raw HTML, HTML blocks
	nlink  int      // links (not images, not autolinks)
}

// readTree parses src; with transparent, link nodes are left out of the
// shape (their text stays in the run around them), as a linkify adds them.
func readTree(src []byte, transparent bool) tree {
	var t tree
	var run strings.Builder
	flush := func() {
		if run.Len() > 0 {
			t.shape = append(t.shape, "text:"+run.String())
			run.Reset()
		}
	}
	lines := func(n ast.Node) string {
		var b bytes.Buffer
		l := n.Lines()
		for i := 0; i < l.Len(); i++ {
			seg := l.At(i)
			b.Write(seg.Value(src))
		}
		return b.String()
	}
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		switch n := n.(type) {
		case *ast.Text:
			v, _ := decode(n.Segment.Value(src))
			if n.IsRaw() {
				v = n.Segment.Value(src)
			}
			run.Write(v)
			if n.SoftLineBreak() || n.HardLineBreak() {
				run.WriteString("\n")
			}
			return
		case *ast.Link:
			t.nlink++
			if n.Reference == nil { // a reference's destination is its definition's
				t.links = append(t.links, fmt.Sprintf("link %q", n.Destination))
				t.titles = append(t.titles, string(n.Title))
			}
			if transparent {
				for c := n.FirstChild(); c != nil; c = c.NextSibling() {
					walk(c)
				}
				return
			}
		case *ast.Image:
			if n.Reference == nil {
				t.links = append(t.links, fmt.Sprintf("image %q", n.Destination))
				t.titles = append(t.titles, string(n.Title))
			}
		case *ast.LinkReferenceDefinition:
			t.links = append(t.links, fmt.Sprintf("definition %q", n.Destination))
			t.titles = append(t.titles, string(n.Label)+" "+string(n.Title))
		}
		flush()
		k := n.Kind().String()
		switch n := n.(type) {
		case *ast.CodeSpan:
			var b bytes.Buffer
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if tx, ok := c.(*ast.Text); ok {
					b.Write(tx.Segment.Value(src))
				}
			}
			k += ":" + b.String()
			t.code = append(t.code, k)
			t.shape = append(t.shape, k)
			return
		case *ast.CodeBlock, *ast.FencedCodeBlock, *ast.HTMLBlock:
			k += ":" + lines(n)
			t.code = append(t.code, k)
		case *ast.RawHTML:
			var b bytes.Buffer
			for i := 0; i < n.Segments.Len(); i++ {
				seg := n.Segments.At(i)
				b.Write(seg.Value(src))
			}
			k += ":" + b.String()
			t.code = append(t.code, k)
		case *ast.AutoLink:
			k += ":" + string(n.Label(src))
		case *east.TaskCheckBox:
			k += fmt.Sprint(n.IsChecked)
		case *ast.Heading:
			k += fmt.Sprint(n.Level)
		case *ast.Emphasis:
			k += fmt.Sprint(n.Level)
		}
		t.shape = append(t.shape, "<"+k)
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			walk(c)
		}
		flush()
		t.shape = append(t.shape, ">")
	}
	walk(parse(src))
	flush()
	return t
}

// checkLinkify reports how out, a linkify of in, differs from what the
// oracle allows: the same document read the same way, with added links
// (transparent, so the text around them is unchanged) whose number is
// added.
func checkLinkify(in, out []byte, added int) error {
	a, b := readTree(in, true), readTree(out, true)
	if !slices.Equal(a.code, b.code) {
		return fmt.Errorf("code changed:\n%q\n%q", a.code, b.code)
	}
	if !slices.Equal(a.shape, b.shape) {
		return fmt.Errorf("what a reader sees changed:\n%q\n%q", a.shape, b.shape)
	}
	if b.nlink != a.nlink+added {
		return fmt.Errorf("%d links, want %d + %d", b.nlink, a.nlink, added)
	}
	for _, l := range a.links {
		if !slices.Contains(b.links, l) {
			return fmt.Errorf("link %s lost", l)
		}
	}
	return nil
}

// checkRewrite reports how out, a rewrite of in, differs from what the
// oracle allows: the same nodes, code and titles, and no more text runs
// and destinations changed than there were edits.
func checkRewrite(in, out []byte, edits int) error {
	a, b := readTree(in, false), readTree(out, false)
	if !slices.Equal(a.code, b.code) {
		return fmt.Errorf("code changed:\n%q\n%q", a.code, b.code)
	}
	if len(a.shape) != len(b.shape) {
		return fmt.Errorf("structure changed:\n%q\n%q", a.shape, b.shape)
	}
	changed := 0
	for i := range a.shape {
		if a.shape[i] == b.shape[i] {
			continue
		}
		oka := strings.HasPrefix(a.shape[i], "text:")
		okb := strings.HasPrefix(b.shape[i], "text:")
		ka, _, _ := strings.Cut(a.shape[i], ":")
		kb, _, _ := strings.Cut(b.shape[i], ":")
		switch {
		case oka && okb:
		case ka == kb && ka == "<AutoLink":
		default:
			return fmt.Errorf("node %d changed: %q → %q", i, a.shape[i], b.shape[i])
		}
		changed++
	}
	if !slices.Equal(a.titles, b.titles) {
		return fmt.Errorf("titles changed:\n%q\n%q", a.titles, b.titles)
	}
	if len(a.links) != len(b.links) {
		return fmt.Errorf("links changed:\n%q\n%q", a.links, b.links)
	}
	for i := range a.links {
		if a.links[i] != b.links[i] {
			changed++
			if strings.Fields(a.links[i])[0] != strings.Fields(b.links[i])[0] {
				return fmt.Errorf("link changed kind: %s → %s", a.links[i], b.links[i])
			}
		}
	}
	if changed > 2*edits {
		return fmt.Errorf("%d runs and destinations changed by %d edits", changed, edits)
	}
	return nil
}
