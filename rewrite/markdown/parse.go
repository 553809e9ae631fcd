package markdown

import (
	"bytes"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/iriscan/iriscan/scanner"
)

// parsers holds goldmark parsers for CommonMark with the GFM tables,
// strikethrough and task lists, but not GFM's autolinks: finding bare IRIs
// is this package's job. A parser is reused, one document at a time.
var parsers = sync.Pool{New: func() any {
	return goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList)).Parser()
}}

// parse parses the Markdown text src.
func parse(src []byte) ast.Node {
	p := parsers.Get().(parser.Parser)
	defer parsers.Put(p)
	return p.Parse(text.NewReader(src))
}

// boundary is what separates two runs of prose in a view: a byte that is
// never valid UTF-8, so that no match of the scanner crosses it.
const boundary = 0xFF

// A piece maps view bytes [v, v+vn) to source bytes [s, s+sn): copied
// (vn == sn, byte for byte) or decoded (a backslash escape or a character
// reference, replaced as a whole). A boundary has sn == 0.
type piece struct {
	v, s, vn, sn int
	node         *ast.Text // the Text node the bytes come from
	decoded      bool
}

// A dest is a link destination or an autolink in the source.
type dest struct {
	kind      Kind
	start     int // source offset of the destination (inside <…> if bracketed)
	raw       []byte
	bracketed bool // written <…> (a link or definition)
	email     bool // an e-mail autolink
}

// A walker collects what a Markdown document holds for this package: the
// prose, as a reader sees it, in one view with boundaries between runs, and
// the destinations of links.
type walker struct {
	src    []byte
	view   []byte
	pieces []piece
	open   bool // a run is open: text can join it
	stop   int  // source offset where the open run ends
	dests  []dest
	skip   []string       // HTML elements whose text is not prose
	inside map[string]int // open raw-HTML elements of skip in this block
	// refLike are the source spans of the paragraphs that start with "[":
	// a change inside one that removes white space could make its start a
	// link reference definition (CommonMark 4.7), so such a change is
	// not made there.
	refLike [][2]int
}

// inRefLike reports whether source offset s is inside a paragraph that
// starts with "[".
func (w *walker) inRefLike(s int) bool {
	for _, r := range w.refLike {
		if s >= r[0] && s < r[1] {
			return true
		}
	}
	return false
}

func newWalker(src []byte, skip []string) *walker {
	if skip == nil {
		skip = scanner.DefaultSkipElements
	}
	return &walker{
		src: src, skip: skip, inside: map[string]int{},
		view: make([]byte, 0, len(src)+len(src)/8), pieces: make([]piece, 0, len(src)/32),
	}
}

// end closes the open run of prose.
func (w *walker) end() {
	if !w.open {
		return
	}
	w.open = false
	w.pieces = append(w.pieces, piece{v: len(w.view), s: w.stop, vn: 1})
	w.view = append(w.view, boundary)
}

func (w *walker) skipping() bool {
	for _, n := range w.inside {
		if n > 0 {
			return true
		}
	}
	return false
}

// walk visits n and its descendants in document order.
func (w *walker) walk(n ast.Node) {
	switch n := n.(type) {
	case *ast.Text:
		if n.IsRaw() || n.Segment.Padding != 0 || w.skipping() {
			w.end()
			return
		}
		w.text(n)
		if n.SoftLineBreak() || n.HardLineBreak() {
			w.end()
		}
		return
	case *ast.CodeSpan, *ast.String:
		w.end()
		return
	case *ast.RawHTML:
		w.end()
		w.rawHTML(n)
		return
	case *ast.AutoLink:
		w.end()
		label := n.Label(w.src)
		if off, ok := offsetIn(w.src, label); ok {
			w.dests = append(w.dests, dest{kind: AutoLink, start: off, raw: label, email: n.AutoLinkType == ast.AutoLinkEmail})
		}
		return
	case *ast.Link:
		w.end()
		if n.Reference == nil {
			w.dest(Link, n.Destination)
		}
		return // its text is a link already
	case *ast.Image:
		w.end()
		if n.Reference == nil {
			w.dest(Image, n.Destination)
		}
		return // alt text
	case *ast.LinkReferenceDefinition:
		w.end()
		w.dest(Definition, n.Destination)
		return
	}
	w.end()
	block := n.Type() == ast.TypeBlock
	if block {
		clear(w.inside)
	}
	if p, ok := n.(*ast.Paragraph); ok && p.Lines().Len() > 0 {
		first, last := p.Lines().At(0), p.Lines().At(p.Lines().Len()-1)
		if first.Start < len(w.src) && w.src[first.Start] == '[' {
			w.refLike = append(w.refLike, [2]int{first.Start, last.Stop})
		}
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		w.walk(c)
	}
	w.end()
	if block {
		clear(w.inside)
	}
}

// dest records a link destination that is a slice of the source.
func (w *walker) dest(k Kind, d []byte) {
	if len(d) == 0 {
		return
	}
	off, ok := offsetIn(w.src, d)
	if !ok {
		return
	}
	br := off > 0 && w.src[off-1] == '<' && off+len(d) < len(w.src) && w.src[off+len(d)] == '>'
	w.dests = append(w.dests, dest{kind: k, start: off, raw: d, bracketed: br})
}

// rawHTML follows the open and close tags of inline raw HTML: text inside
// <a>…</a> (and the other skipped elements) is not prose.
func (w *walker) rawHTML(n *ast.RawHTML) {
	if n.Segments == nil || n.Segments.Len() == 0 {
		return
	}
	first, lastSeg := n.Segments.At(0), n.Segments.At(n.Segments.Len()-1)
	b := first.Value(w.src)
	if len(b) < 2 || b[0] != '<' {
		return
	}
	closing := b[1] == '/'
	i := 1
	if closing {
		i = 2
	}
	j := i
	for j < len(b) && (isASCIILetter(b[j]) || j > i && (b[j] >= '0' && b[j] <= '9' || b[j] == '-')) {
		j++
	}
	if j == i {
		return
	}
	name := string(bytes.ToLower(b[i:j]))
	for _, s := range w.skip {
		if s != name {
			continue
		}
		last := lastSeg.Value(w.src)
		switch {
		case closing:
			if w.inside[name] > 0 {
				w.inside[name]--
			}
		case !bytes.HasSuffix(last, []byte("/>")):
			w.inside[name]++
		}
		return
	}
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// text adds a Text node to the view: joined to the open run if it follows
// it in the source, else in a run of its own.
func (w *walker) text(n *ast.Text) {
	seg := n.Segment
	if w.open && w.stop != seg.Start {
		w.end()
	}
	w.open = true
	w.stop = seg.Stop
	b := w.src[seg.Start:seg.Stop]
	lit := 0 // start of the bytes copied as they are
	flush := func(i int) {
		if i > lit {
			w.pieces = append(w.pieces, piece{v: len(w.view), s: seg.Start + lit, vn: i - lit, sn: i - lit, node: n})
			w.view = append(w.view, b[lit:i]...)
		}
	}
	for i := 0; i < len(b); {
		var dec []byte
		k := 0
		switch b[i] {
		case '\\':
			if i+1 < len(b) && util.IsPunct(b[i+1]) {
				dec, k = b[i+1:i+2], 2
			}
		case '&':
			dec, k = reference(b[i:])
		case 0:
			dec, k = []byte("\uFFFD"), 1
		}
		if k == 0 {
			i++
			continue
		}
		flush(i)
		w.pieces = append(w.pieces, piece{v: len(w.view), s: seg.Start + i, vn: len(dec), sn: k, node: n, decoded: true})
		w.view = append(w.view, dec...)
		i += k
		lit = i
	}
	flush(len(b))
}

// reference decodes the character reference at the start of b, as
// CommonMark reads it (an HTML5 entity name, or 1 to 7 decimal or 1 to 6
// hexadecimal digits, each with ';'), and returns its text and length; 0
// if b does not start with one.
func reference(b []byte) ([]byte, int) {
	if len(b) < 3 || b[0] != '&' {
		return nil, 0
	}
	if b[1] != '#' {
		i := 1
		for i < len(b) && i <= 48 && (isASCIILetter(b[i]) || b[i] >= '0' && b[i] <= '9') {
			i++
		}
		if i == 1 || i >= len(b) || b[i] != ';' {
			return nil, 0
		}
		e, ok := util.LookUpHTML5EntityByName(string(b[1:i]))
		if !ok {
			return nil, 0
		}
		return e.Characters, i + 1
	}
	base, start, max := 10, 2, 7
	if b[2] == 'x' || b[2] == 'X' {
		base, start, max = 16, 3, 6
	}
	i := start
	for i < len(b) && i-start <= max && isDigit(b[i], base) {
		i++
	}
	if i == start || i-start > max || i >= len(b) || b[i] != ';' {
		return nil, 0
	}
	v, _ := strconv.ParseUint(string(b[start:i]), base, 32)
	r := rune(v)
	if v == 0 || v > utf8.MaxRune || !utf8.ValidRune(r) {
		r = utf8.RuneError
	}
	return utf8.AppendRune(nil, r), i + 1
}

func isDigit(c byte, base int) bool {
	if c >= '0' && c <= '9' {
		return true
	}
	return base == 16 && (c|0x20 >= 'a' && c|0x20 <= 'f')
}

// decode returns b with backslash escapes and character references
// resolved, as CommonMark reads a link destination, and whether anything
// was.
func decode(b []byte) ([]byte, bool) {
	if bytes.IndexByte(b, '\\') < 0 && bytes.IndexByte(b, '&') < 0 {
		return b, false
	}
	out := make([]byte, 0, len(b))
	changed := false
	for i := 0; i < len(b); {
		if b[i] == '\\' && i+1 < len(b) && util.IsPunct(b[i+1]) {
			out = append(out, b[i+1])
			i += 2
			changed = true
			continue
		}
		if b[i] == '&' {
			if d, k := reference(b[i:]); k > 0 {
				out = append(out, d...)
				i += k
				changed = true
				continue
			}
		}
		out = append(out, b[i])
		i++
	}
	return out, changed
}

// offsetIn returns the offset of b in src, if b is a slice of src's
// memory. goldmark hands out link destinations as slices of the source.
func offsetIn(src, b []byte) (int, bool) {
	if len(b) == 0 || len(src) == 0 {
		return 0, false
	}
	s := uintptr(unsafe.Pointer(unsafe.SliceData(src)))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	if p < s || p-s > uintptr(len(src)-len(b)) {
		return 0, false
	}
	return int(p - s), true
}

// span maps the view bytes [vs, ve) to source offsets. ok is false when
// either end falls inside a decoded piece (inside the characters of one
// reference), or a boundary lies between them.
func (w *walker) span(vs, ve int) (start, end int, decoded, ok bool) {
	i := w.pieceAt(vs)
	j := w.pieceAt(ve - 1)
	if i < 0 || j < 0 {
		return 0, 0, false, false
	}
	a, b := &w.pieces[i], &w.pieces[j]
	if a.sn == 0 || b.sn == 0 || a.node == nil || b.node == nil {
		return 0, 0, false, false
	}
	if a.decoded && vs != a.v || b.decoded && ve != b.v+b.vn {
		return 0, 0, false, false
	}
	start = a.s + (vs - a.v)
	if a.decoded {
		start = a.s
	}
	end = b.s + (ve - b.v)
	if b.decoded {
		end = b.s + b.sn
	}
	for k := i; k <= j; k++ {
		if w.pieces[k].sn == 0 {
			return 0, 0, false, false
		}
		decoded = decoded || w.pieces[k].decoded
	}
	return start, end, decoded, true
}

// pieceAt returns the index of the piece holding view byte v, or -1.
func (w *walker) pieceAt(v int) int {
	lo, hi := 0, len(w.pieces)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if w.pieces[m].v+w.pieces[m].vn <= v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(w.pieces) || w.pieces[lo].v > v {
		return -1
	}
	return lo
}
