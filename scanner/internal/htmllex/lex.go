package htmllex

import (
	"bytes"
	"io"
)

// A Kind is the kind of a token.
type Kind uint8

const (
	// Text is character data: a text node, or the raw text of a script,
	// style, textarea … element (Token.Raw says which).
	Text Kind = iota + 1
	StartTag
	SelfClosingTag
	EndTag
	// Comment is a comment, a bogus comment ("<?xml …>", "<!x>", "</ x>")
	// or "</>".
	Comment
	Doctype
)

// A RawKind says how the text after a start tag is read.
type RawKind uint8

const (
	NotRaw RawKind = iota
	// RawText is the text of script, style, xmp, iframe, noembed,
	// noframes, noscript and plaintext: no references, no markup.
	RawText
	// EscapableRawText is the text of title and textarea: references, no
	// markup.
	EscapableRawText
)

// A Span is a range of bytes of a token, [Start, End).
type Span struct{ Start, End int }

// An Attr is an attribute of a tag: where its name and value are in the
// tag, and the quote around the value ('"', '\”, or 0 for an unquoted
// value or none).
type Attr struct {
	Name, Value Span
	Quote       byte
	HasValue    bool
	// Long reports an attribute that began in an earlier piece of a long
	// tag (Token.Cont): its spans start before the piece (negative) and it
	// is at least half the Lexer's limit long.
	Long bool
}

// A Token is the current token of a Lexer. Its slices are valid until the
// next call of Next.
type Token struct {
	Kind Kind
	// Raw holds the token's bytes as in the input.
	Raw []byte
	// Name is the tag name in Raw (tags only; in the first piece of a long
	// tag, the part of the name in that piece).
	Name Span
	// Attrs are the attributes of a start tag in order, repeated names
	// included; in a long tag, those that end in this piece.
	Attrs []Attr
	// RawText is the raw-text kind of a Text token.
	RawText RawKind
	// More reports a piece of a token longer than the Lexer's limit: more
	// of it may follow (a tag, comment or doctype goes on, text may end
	// there). Cont reports a piece that continues the token before it.
	More, Cont bool
}

// A Lexer splits HTML read from an io.Reader into the tokens x/net/html's
// Tokenizer returns (without AllowCDATA), with the same raw bytes: the
// tokenizer states of the HTML Standard, as that tokenizer reads them.
// A tag not ended at the end of the input ends the tokens, as in
// x/net/html, and so does a read error.
//
// It holds the current token and what was read past it; it reads more
// only when a token does not end in what it holds, and then reads until
// its buffer is full, so that a long token is lexed a bounded number of
// times. A token longer than its limit comes in pieces (Token.More), cut
// where the tokenizer's state is known: text at a space when it can,
// tags between attributes unless one attribute is longer than half the
// limit. So it holds at most about twice the limit, whatever the input.
type Lexer struct {
	// Skip makes Next pass over the tokens a reader of the attributes of
	// start tags needs not see (Token.skippable).
	Skip bool

	r      io.Reader
	buf    []byte
	start  int // the current token starts here
	end    int // valid bytes in buf
	eof    bool
	err    error
	base   int64 // stream offset of buf[0]
	last   int64 // stream offset of the last token read
	limit  int
	rawTag string
	tok    Token
	done   bool

	cont      contKind // the token being read continues a piece
	textCont  bool     // a piece of text was the last token
	contKind  Kind     // of a contAngle or contTag: the token's kind
	script    int      // script data state at the start of the buffer
	dashes    int      // contComment: '-' just read
	beginning bool     // contComment: at the beginning of the comment
	tag       tagState // contTag
	pend      pending  // where the token read last can be cut, and the state there

	// Of a tag read in pieces: the names of the attributes in its earlier
	// pieces (in lower case, up to limit bytes of them), and whether the
	// attribute of the last piece begun in an earlier one (Attr.Long) is
	// the first of its name. Whether the tag closes itself depends on
	// them (selfClosing).
	names    []string
	namesLen int
	longKept bool
	partName []byte // the name of an attribute cut by a piece, so far
	partOver bool   // longer than the limit: taken for the first of its name
}

// contKind says which token the next piece continues.
type contKind uint8

const (
	contNone    contKind = iota
	contComment          // "<!--…"
	contAngle            // a bogus comment or doctype, up to '>'
	contTag
)

// pending is where a token that did not end in the buffer can be cut, and
// the state of the tokenizer there.
type pending struct {
	cut       int
	cont      contKind
	kind      Kind
	rawText   RawKind
	script    int
	dashes    int
	beginning bool
	tag       tagState
}

// MinLimit is the least limit of a Lexer.
const MinLimit = 4 << 10

// bufSize is the size of a new Lexer's buffer.
const bufSize = 128 << 10

// New returns a Lexer reading from r that cuts tokens longer than limit
// bytes into pieces (0: never; at least MinLimit otherwise).
func New(r io.Reader, limit int) *Lexer {
	if limit > 0 {
		limit = max(limit, MinLimit)
	}
	// 128 KiB: reads of at least 64 KiB go past a bufio.Reader of the
	// usual size without a copy. The buffer grows when a token that
	// cannot be cut yet does not fit.
	return &Lexer{r: r, buf: make([]byte, bufSize), limit: limit}
}

// Reset makes l read r from the start, keeping its buffer and limit.
func (l *Lexer) Reset(r io.Reader) {
	*l = Lexer{r: r, buf: l.buf, limit: l.limit, tok: Token{Attrs: l.tok.Attrs[:0]}}
}

// Token returns the current token.
func (l *Lexer) Token() *Token { return &l.tok }

// Offset returns the stream offset of the current token.
func (l *Lexer) Offset() int64 { return l.base + int64(l.start) }

// Last returns the stream offset of the last token read, passed over
// (Skip) or not.
func (l *Lexer) Last() int64 { return l.last }

// Pos returns the stream offset from which the Lexer reads the tokens
// after the current one: while Next reads, the start of the token it is
// reading; between calls, the current token's.
func (l *Lexer) Pos() int64 { return l.base + int64(l.start) }

// Err returns the read error that ended the tokens, if not io.EOF.
func (l *Lexer) Err() error { return l.err }

// Next advances to the next token and reports whether there is one. With
// Skip set, it passes over the tokens that say nothing of the attributes
// of start tags (see Skip).
func (l *Lexer) Next() bool {
	for {
		if l.done {
			return false
		}
		l.start += len(l.tok.Raw)
		l.tok.Raw = nil
		if !l.next() {
			return false
		}
		l.last = l.base + int64(l.start)
		if !l.Skip || !l.tok.skippable() {
			return true
		}
	}
}

// skippable reports whether Skip passes over t: text, comments and
// doctypes (also in pieces), whole end tags, and whole start tags without
// attributes, unless named like "style" (five bytes), whose raw text is
// CSS.
func (t *Token) skippable() bool {
	switch t.Kind {
	case StartTag, SelfClosingTag:
		return len(t.Attrs) == 0 && !t.More && !t.Cont && t.Name.End-t.Name.Start != len("style")
	case EndTag:
		return !t.More && !t.Cont
	}
	return true
}

// next reads the next token.
func (l *Lexer) next() bool {
	for {
		b := l.buf[l.start:l.end]
		l.pend.cut = 0 // every other field is set with it
		n, kind := l.lex(b)
		if n > 0 {
			if kind == Text && l.Skip {
				// Passed over here rather than in Next: text is
				// half the tokens.
				l.last = l.base + int64(l.start)
				l.start += n
				l.textCont = false
				continue
			}
			l.tok.Kind = kind
			l.tok.Raw = b[:n:n]
			l.textCont = false
			return true
		}
		if n < 0 || l.eof {
			l.done = true
			return false
		}
		if l.limit > 0 && len(b) >= l.limit && l.pend.cut > 0 {
			l.piece(b)
			return true
		}
		if l.err != nil || !l.fill() {
			l.done = true
			return false
		}
	}
}

// piece makes the first l.pend.cut bytes of b the current token, a piece of
// a longer one, and keeps the state of the tokenizer there.
func (l *Lexer) piece(b []byte) {
	p := &l.pend
	t := &l.tok
	t.Kind, t.Raw, t.RawText, t.More = p.kind, b[:p.cut:p.cut], p.rawText, true
	if p.kind == Text {
		t.Cont = l.textCont
	}
	l.cont, l.contKind = p.cont, p.kind
	l.textCont = p.kind == Text
	l.script, l.dashes, l.beginning = p.script, p.dashes, p.beginning
	if p.cont == contTag {
		l.tag = p.tag
		l.pieceNames(b, p)
		l.tag.shift(p.cut)
	}
}

// pieceNames records the names of the attributes of a piece of a tag,
// b[:p.cut], and whether the attribute going on into the next piece is the
// first of its name.
func (l *Lexer) pieceNames(b []byte, p *pending) {
	t := &l.tok
	if !t.Cont {
		l.names, l.namesLen = l.names[:0], 0
	}
	if !p.tag.start {
		return
	}
	for _, a := range t.Attrs {
		if !a.Long {
			l.addName(b[a.Name.Start:a.Name.End])
		} else if a.Name.End >= 0 {
			l.addName(l.longName(b[:a.Name.End])) // its name ended in this piece
		}
	}
	a := &p.tag.attr
	switch {
	case !a.Long:
		// None goes on.
	case p.tag.phase == phAttrName:
		// Its name goes on: kept for when it ends.
		if a.Name.Start >= 0 {
			l.partName, l.partOver = l.partName[:0], false
		}
		l.partName = l.appendPart(l.partName, b[max(a.Name.Start, 0):p.cut])
	case a.Name.End >= 0:
		// Its name ended in this piece.
		var name []byte
		if a.Name.Start >= 0 {
			l.partOver = false
			name = l.appendPart(l.partName[:0], b[a.Name.Start:a.Name.End])
		} else {
			name = l.longName(b[:a.Name.End])
		}
		l.tag.kept = l.partOver || len(name) > 0 && !l.hasName(name)
		l.addName(name)
	}
}

// appendPart appends name in lower case to dst, up to limit bytes in all
// (past them, partOver).
func (l *Lexer) appendPart(dst, name []byte) []byte {
	if len(dst)+len(name) > max(l.limit, MinLimit) {
		l.partOver = true
		return dst
	}
	for _, c := range name {
		dst = append(dst, lowerASCII(c))
	}
	return dst
}

// longName returns the name of the attribute begun in an earlier piece
// whose name ends in this one with rest: what the earlier pieces held of
// it, then rest, in lower case.
func (l *Lexer) longName(rest []byte) []byte {
	return l.appendPart(l.partName, rest)
}

// addName records the name of an attribute of an earlier piece.
func (l *Lexer) addName(name []byte) {
	if len(name) == 0 || l.namesLen+len(name) > max(l.limit, MinLimit) || l.hasName(name) {
		return
	}
	lower := []byte(string(name))
	for i, c := range lower {
		lower[i] = lowerASCII(c)
	}
	l.names = append(l.names, string(lower))
	l.namesLen += len(name)
}

// hasName reports whether an attribute of an earlier piece has the name
// name.
func (l *Lexer) hasName(name []byte) bool {
	for _, n := range l.names {
		if equalFoldASCII(name, n) {
			return true
		}
	}
	return false
}

// fill reads until the buffer is full or the input ends, making room first:
// it moves the current token to the front, or doubles the buffer. It
// reports whether it read anything; a read error is kept in l.err, for
// when the bytes read before it are used up.
func (l *Lexer) fill() bool {
	if l.start > 0 {
		n := copy(l.buf, l.buf[l.start:l.end])
		l.base += int64(l.start)
		l.start, l.end = 0, n
	}
	if l.end == len(l.buf) {
		nb := make([]byte, 2*len(l.buf))
		copy(nb, l.buf[:l.end])
		l.buf = nb
	}
	end0 := l.end
	for empty := 0; l.end < len(l.buf); {
		n, err := l.r.Read(l.buf[l.end:])
		l.end += n
		if err == io.EOF {
			l.eof = true
			return true
		}
		if err != nil {
			l.err = err
			return l.end > end0
		}
		if n > 0 {
			empty = 0
		} else if empty++; empty == 100 {
			l.err = io.ErrNoProgress
			return false
		}
	}
	return true
}

// lex lexes the token at the start of b. It returns its length and kind, 0
// when b may not hold all of it (never at the end of the input; l.pend
// then says where it can be cut), or -1 when the tokens end (a tag cut by
// the end of the input).
func (l *Lexer) lex(b []byte) (int, Kind) {
	eof := l.eof
	t := &l.tok
	t.RawText, t.More, t.Cont = NotRaw, false, false
	t.Name, t.Attrs = Span{}, t.Attrs[:0]
	textCont := l.textCont
	if l.cont != contNone {
		t.Cont = true
		var n int
		switch l.cont {
		case contComment:
			n = l.lexComment(b, 0, l.dashes, l.beginning)
		case contAngle:
			n = l.untilCloseAngle(b, 0, l.contKind)
		case contTag:
			return l.lexTag(b, l.tag)
		}
		if n > 0 {
			l.cont = contNone
		}
		return n, l.contKind
	}
	if l.rawTag != "" {
		kind := RawText
		if l.rawTag == "textarea" || l.rawTag == "title" {
			kind = EscapableRawText
		}
		var n int
		switch l.rawTag {
		case "plaintext":
			n = len(b)
			if !eof {
				l.pend = pending{cut: len(b), kind: Text}
				n = -1
			}
		case "script":
			n = l.lexScript(b)
		default:
			n = l.lexRaw(b, l.rawTag)
		}
		if n < 0 {
			l.pend.rawText = kind
			return 0, 0
		}
		l.rawTag, l.script = "", scriptData
		if n > 0 {
			t.RawText, t.Cont = kind, textCont
			return n, Text
		}
	}
	// Text up to a '<' that starts a tag, comment or doctype.
	i := 0
	for {
		k := 0 // after a text token, the next starts with '<'
		if i >= len(b) || b[i] != '<' {
			k = bytes.IndexByte(b[i:], '<')
		}
		if k < 0 {
			if !eof {
				l.pend = pending{cut: textCut(b, len(b)), kind: Text}
				return 0, 0
			}
			if len(b) == 0 {
				return -1, 0
			}
			t.Cont = textCont
			return len(b), Text
		}
		p := i + k
		if p+1 >= len(b) {
			if !eof {
				l.pend = pending{cut: textCut(b, p), kind: Text}
				return 0, 0
			}
			t.Cont = textCont
			return len(b), Text
		}
		c := b[p+1]
		if isLetter(c) || c == '/' || c == '!' || c == '?' {
			if p > 0 {
				t.Cont = textCont
				return p, Text
			}
			break
		}
		i = p + 1
	}
	switch c := b[1]; {
	case isLetter(c):
		if n, kind := l.lexWholeTag(b, true, 1); n > 0 {
			return n, kind
		}
		return l.lexTag(b, tagState{start: true, pos: 1, phase: phName})
	case c == '/':
		if len(b) < 3 {
			if !eof {
				return 0, 0
			}
			return len(b), Text
		}
		switch c := b[2]; {
		case c == '>':
			return 3, Comment
		case isLetter(c):
			if n, kind := l.lexWholeTag(b, false, 2); n > 0 {
				return n, kind
			}
			return l.lexTag(b, tagState{pos: 2, phase: phName})
		}
		return l.untilCloseAngle(b, 2, Comment), Comment
	case c == '?':
		return l.untilCloseAngle(b, 1, Comment), Comment
	}
	// "<!": a comment, a doctype or a bogus comment.
	if len(b) < 4 {
		if !eof {
			return 0, 0
		}
		return len(b), Comment
	}
	if b[2] == '-' && b[3] == '-' {
		return l.lexComment(b, 4, 0, true), Comment
	}
	const doctype = "DOCTYPE"
	for i := 0; i < len(doctype); i++ {
		if 2+i >= len(b) {
			if !eof {
				return 0, 0
			}
			return len(b), Comment // "<!DOC" at the end: a bogus comment
		}
		if c := b[2+i]; c != doctype[i] && c != doctype[i]+('a'-'A') {
			return l.untilCloseAngle(b, 2, Comment), Comment
		}
	}
	i = 2 + len(doctype)
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	if i == len(b) {
		if !eof {
			l.pend = pending{cut: len(b), cont: contAngle, kind: Doctype}
			return 0, 0
		}
		return len(b), Doctype
	}
	return l.untilCloseAngle(b, i, Doctype), Doctype
}

// textCut returns where to cut text that goes on past b[:n]: after the last
// ASCII space in its second half, so that no IRI is cut, or at n.
func textCut(b []byte, n int) int {
	for i := n - 1; i > n/2; i-- {
		if isSpace(b[i]) {
			return i + 1
		}
	}
	return n
}

var rawTags = []string{"iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp"}

// Phases of a tag (x/net/html's readTag, readTagName, readTagAttrKey and
// readTagAttrVal).
const (
	phName        = iota // in the tag name
	phBeforeAttr         // spaces, then '>' or an attribute
	phAttrName           // in an attribute name
	phAfterName          // spaces, then '/', '=' or the next attribute
	phBeforeValue        // after '=': spaces, then the value
	phQuoted             // in a quoted value
	phUnquoted           // in an unquoted value
)

// tagState is where lexTag is in a tag: the position in the buffer, the
// phase, the attribute being read and, for a long tag read in pieces, what
// its first piece said.
type tagState struct {
	pos     int
	phase   int
	start   bool // a start tag: attributes are kept
	attr    Attr
	kept    bool    // attr.Long: it is the first of its name
	name    [9]byte // the tag name in lower case, if it may be a raw-text element
	nameLen int     // its length; -1 if longer
}

// shift makes the positions of s relative to b[cut:].
func (s *tagState) shift(cut int) {
	s.pos -= cut
	a := &s.attr
	a.Name.Start, a.Name.End, a.Value.Start, a.Value.End = a.Name.Start-cut, a.Name.End-cut, a.Value.Start-cut, a.Value.End-cut
}

// lexTag lexes a start or end tag at the start of b from state s (a new
// tag: pos past "<" or "</", phName) and sets the name and attributes of
// the token: x/net/html's readTag. It returns the tag's length and kind, 0
// for more input (with l.pend), or -1 for a tag cut by the end of the
// input.
func (l *Lexer) lexTag(b []byte, s tagState) (int, Kind) {
	t := &l.tok
	kind := EndTag
	if s.start {
		kind = StartTag
	}
	i := s.pos
	more := func() (int, Kind) {
		if l.eof {
			return -1, 0
		}
		s.pos = i
		l.pend = pending{cut: len(b), cont: contTag, kind: kind, tag: s}
		if s.phase >= phAttrName && !s.attr.Long && s.attr.Name.Start >= len(b)/2 {
			// Cut before the attribute: it is read whole in the next piece.
			l.pend.cut = s.attr.Name.Start
			l.pend.tag.phase = phBeforeAttr
			l.pend.tag.pos = s.attr.Name.Start
		} else if s.phase >= phAttrName {
			l.pend.tag.attr.Long = true
		}
		if p := &l.pend; p.cut == len(b) && p.cut > 1 && b[p.cut-1] == '/' && (s.phase == phBeforeAttr || s.phase == phUnquoted) {
			// Not between a '/' and the '>' it may be before: whether
			// the tag closes itself is known from the last piece alone
			// (selfClosing). Before the '/', the phase is the same: it
			// was read before an attribute (as an empty one, or after a
			// name) or in an unquoted value.
			p.cut--
			p.tag.pos = p.cut
			for k := len(t.Attrs); k > 0 && t.Attrs[k-1].Name.Start >= p.cut; k-- {
				t.Attrs = t.Attrs[:k-1] // the empty attribute of the '/'
			}
		}
		if s.phase == phName {
			t.Name.End = len(b)
		}
		return 0, 0
	}
	a := &s.attr
	for {
		switch s.phase {
		case phName:
			ns := i
			if !t.Cont {
				i++ // the name's first letter
			}
			t.Name.Start = ns
			for ; i < len(b) && !isSpace(b[i]) && b[i] != '/' && b[i] != '>'; i++ {
			}
			if i >= len(b) {
				if !t.Cont {
					s.recordName(b[ns:i])
				} else {
					s.nameLen = -1
				}
				return more()
			}
			t.Name.End = i
			if !t.Cont {
				s.recordName(b[ns:i])
			} else {
				s.nameLen = -1
			}
			if isSpace(b[i]) {
				i++
			}
			s.phase = phBeforeAttr
		case phBeforeAttr:
			for i < len(b) && isSpace(b[i]) {
				i++
			}
			if i >= len(b) {
				return more()
			}
			if b[i] == '>' {
				n := i + 1
				l.cont = contNone
				if s.start {
					kind = l.startKind(b[:n], &s)
				}
				return n, kind
			}
			*a = Attr{Name: Span{i, i}}
			s.phase = phAttrName
		case phAttrName:
			for ; ; i++ {
				if i >= len(b) {
					return more()
				}
				c := b[i]
				if c == '=' && i == a.Name.Start {
					continue // a name may start with '='
				}
				if c == '=' || isSpace(c) || c == '/' || c == '>' {
					break
				}
			}
			a.Name.End = i
			a.Value = Span{i, i}
			s.phase = phAfterName
		case phAfterName:
			for i < len(b) && isSpace(b[i]) {
				i++
			}
			if i >= len(b) {
				return more()
			}
			switch b[i] {
			case '/':
				i++
				l.addAttr(&s)
			case '=':
				i++
				s.phase = phBeforeValue
			default:
				l.addAttr(&s)
			}
		case phBeforeValue:
			for i < len(b) && isSpace(b[i]) {
				i++
			}
			if i >= len(b) {
				return more()
			}
			switch q := b[i]; q {
			case '>':
				l.addAttr(&s)
			case '"', '\'':
				a.Quote, a.HasValue = q, true
				a.Value = Span{i + 1, i + 1}
				i++
				s.phase = phQuoted
			default:
				a.HasValue = true
				a.Value = Span{i, i}
				s.phase = phUnquoted
			}
		case phQuoted:
			k := bytes.IndexByte(b[i:], a.Quote)
			if k < 0 {
				i = len(b)
				return more()
			}
			i += k
			a.Value.End = i
			i++
			l.addAttr(&s)
		case phUnquoted:
			for i < len(b) && !isSpace(b[i]) && b[i] != '>' {
				i++
			}
			if i >= len(b) {
				return more()
			}
			a.Value.End = i
			if b[i] != '>' {
				i++
			}
			l.addAttr(&s)
		}
	}
}

// recordName keeps the tag name when it may be that of a raw-text element.
func (s *tagState) recordName(name []byte) {
	if len(name) > len(s.name) {
		s.nameLen = -1
		return
	}
	s.nameLen = len(name)
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		s.name[i] = c
	}
}

// addAttr ends the attribute being read.
func (l *Lexer) addAttr(s *tagState) {
	if s.start {
		if s.attr.Long {
			l.longKept = s.kept
		}
		l.tok.Attrs = append(l.tok.Attrs, s.attr)
	}
	s.phase = phBeforeAttr
}

// startKind sets rawTag after the start tag raw and says whether it closes
// itself.
func (l *Lexer) startKind(raw []byte, s *tagState) Kind {
	if s.nameLen >= 3 {
		name := s.name[:s.nameLen]
		for _, t := range rawTags {
			if t == string(name) {
				l.rawTag = t
				break
			}
		}
	}
	return l.selfClosing(raw)
}

// selfClosing says whether the start tag raw, whose attributes are those
// of the token, closes itself.
func (l *Lexer) selfClosing(raw []byte) Kind {
	// x/net/html: a "/" before the ">" makes the tag self-closing unless
	// it is the last byte of the value of the last attribute it keeps
	// (the first of each name): <p a=/> is no self-closing tag. (In a
	// long tag, the attributes of earlier pieces are not looked at.)
	n := len(raw)
	if n < 2 || raw[n-2] != '/' {
		return StartTag
	}
	if last := l.lastKeptAttr(raw); last >= 0 && n-2 == l.tok.Attrs[last].Value.End-1 {
		return StartTag
	}
	return SelfClosingTag
}

// lastKeptAttr returns the index of the last attribute x/net/html keeps:
// one with a name, the first of that name (ASCII case-insensitively). In
// the last piece of a long tag, the names of the earlier pieces count.
func (l *Lexer) lastKeptAttr(raw []byte) int {
	as := l.tok.Attrs
	var long []byte // the name of as[0] if it was begun earlier and ends here
	longKept := l.longKept
	if len(as) > 0 && as[0].Long && as[0].Name.End >= 0 {
		long = l.longName(raw[:as[0].Name.End])
		longKept = l.partOver || len(long) > 0 && !l.hasName(long)
	}
	for k := len(as) - 1; k >= 0; k-- {
		a := as[k]
		if a.Long {
			if longKept {
				return k
			}
			continue
		}
		if a.Name.Start == a.Name.End {
			continue
		}
		name := raw[a.Name.Start:a.Name.End]
		dup := l.tok.Cont && (l.hasName(name) || long != nil && k > 0 && equalFoldASCII(name, string(long)))
		for _, e := range as[:k] {
			if dup {
				break
			}
			dup = !e.Long && equalFoldBytes(raw[e.Name.Start:e.Name.End], name)
		}
		if !dup {
			return k
		}
	}
	return -1
}

// equalFoldBytes reports whether a and b are equal in ASCII lower case
// (not Unicode case folding: x/net/html lowers only ASCII letters).
func equalFoldBytes(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i, c := range a {
		if lowerASCII(c) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	return c
}

// equalFoldASCII reports whether b in ASCII lower case is lower.
func equalFoldASCII(b []byte, lower string) bool {
	if len(b) != len(lower) {
		return false
	}
	for i, c := range b {
		if lowerASCII(c) != lower[i] {
			return false
		}
	}
	return true
}

// untilCloseAngle returns the length of a token of kind that ends at the
// first '>' from b[i] on, or at the end of the input.
func (l *Lexer) untilCloseAngle(b []byte, i int, kind Kind) int {
	k := bytes.IndexByte(b[i:], '>')
	if k < 0 {
		if !l.eof {
			l.pend = pending{cut: len(b), cont: contAngle, kind: kind}
			return 0
		}
		return len(b)
	}
	return i + k + 1
}

// lexComment returns the length of the comment "<!--…" at the start of b,
// read from b[i] on with dashes '-' just read (x/net/html's readComment:
// "-->", "--!>", and "<!-->" or "<!--->" at the beginning), or 0 for more
// input. A comment cut by the end of the input ends there.
func (l *Lexer) lexComment(b []byte, i, dashes int, beginning bool) int {
loop:
	for ; i < len(b); i++ {
		switch b[i] {
		case '-':
			dashes++
			continue
		case '>':
			if dashes >= 2 || beginning {
				return i + 1
			}
		case '!':
			if dashes >= 2 {
				if i+1 >= len(b) {
					break loop // cut before the '!'
				}
				i++
				switch b[i] {
				case '>':
					return i + 1
				case '-':
					dashes, beginning = 1, false
					continue
				}
			}
		}
		dashes, beginning = 0, false
	}
	if l.eof {
		return len(b)
	}
	l.pend = pending{cut: i, cont: contComment, kind: Comment, dashes: dashes, beginning: beginning}
	return 0
}

// lexRaw returns the length of the raw text at the start of b, up to the
// end tag of element tag, 0 for none, or -1 for more input.
func (l *Lexer) lexRaw(b []byte, tag string) int {
	i := 0
	for {
		k := 0 // after a text token, the next starts with '<'
		if i >= len(b) || b[i] != '<' {
			k = bytes.IndexByte(b[i:], '<')
		}
		if k < 0 {
			break
		}
		p := i + k
		switch m := rawEndTag(b, p, tag); {
		case m > 0:
			return p
		case m < 0:
			if l.eof {
				return len(b)
			}
			l.pend = pending{cut: p, kind: Text}
			return -1
		}
		i = p + 1
	}
	if l.eof {
		return len(b)
	}
	l.pend = pending{cut: len(b), kind: Text}
	return -1
}

// rawEndTag reports whether b[p:] starts with "</"+tag and a byte that
// ends a tag name (1), does not (0), or may when more input comes (-1).
func rawEndTag(b []byte, p int, tag string) int {
	for i := 0; i < 2+len(tag)+1; i++ {
		if p+i >= len(b) {
			return -1
		}
		c := b[p+i]
		switch {
		case i == 0:
		case i == 1:
			if c != '/' {
				return 0
			}
		case i < 2+len(tag):
			if c|0x20 != tag[i-2] {
				return 0
			}
		default:
			if !isSpace(c) && c != '/' && c != '>' {
				return 0
			}
		}
	}
	return 1
}

// Script data states (HTML Standard 13.2.5.4 and 13.2.5.15 to 13.2.5.31, as
// x/net/html's readScript reads them).
const (
	scriptData = iota
	scriptEscaped
	scriptEscapedDash
	scriptEscapedDashDash
	scriptDoubleEscaped
	scriptDoubleEscapedDash
	scriptDoubleEscapedDashDash
)

// lexScript returns the length of the script text at the start of b, read
// from state l.script, 0 for none, or -1 for more input.
func (l *Lexer) lexScript(b []byte) int {
	st := l.script
	i := 0
	// at is the start of the step that met the end of b: the state there
	// is st.
	more := func(at int) int {
		if l.eof {
			return len(b)
		}
		l.pend = pending{cut: at, kind: Text, script: st}
		return -1
	}
	for {
		if i >= len(b) {
			return more(i)
		}
		if st == scriptData {
			k := bytes.IndexByte(b[i:], '<')
			if k < 0 {
				return more(len(b))
			}
			i += k
		}
		at := i
		c := b[i]
		switch st {
		case scriptData:
			// c is '<'.
			if i+1 >= len(b) {
				return more(at)
			}
			switch b[i+1] {
			case '/':
				switch rawEndTag(b, i, "script") {
				case 1:
					return i
				case -1:
					return more(at)
				}
				i += 2
				continue
			case '!':
				if i+3 >= len(b) {
					return more(at)
				}
				if b[i+2] != '-' {
					i += 2
					continue
				}
				if b[i+3] != '-' {
					i += 3
					continue
				}
				st = scriptEscapedDashDash
				i += 4
				continue
			}
			i++
			continue
		case scriptEscaped, scriptEscapedDash, scriptEscapedDashDash:
			switch {
			case c == '-' && st == scriptEscaped:
				st = scriptEscapedDash
			case c == '-':
				st = scriptEscapedDashDash
			case c == '>' && st == scriptEscapedDashDash:
				st = scriptData
			case c == '<':
				if i+1 >= len(b) {
					return more(at)
				}
				d := b[i+1]
				if d == '/' {
					switch rawEndTag(b, i, "script") {
					case 1:
						return i
					case -1:
						return more(at)
					}
					i += 2
					st = scriptEscaped
					continue
				}
				if !isLetter(d) {
					i++
					st = scriptData
					continue
				}
				// Double escape start: "script" and a delimiter.
				j := 0
				for ; j < 6; j++ {
					if i+1+j >= len(b) {
						return more(at)
					}
					if b[i+1+j]|0x20 != "script"[j] {
						break
					}
				}
				st = scriptEscaped
				if j < 6 {
					i += 1 + j
					continue
				}
				if i+7 >= len(b) {
					return more(at)
				}
				if d := b[i+7]; isSpace(d) || d == '/' || d == '>' {
					st = scriptDoubleEscaped
					i += 8
				} else {
					i += 7
				}
				continue
			default:
				st = scriptEscaped
			}
			i++
		default: // double escaped
			switch {
			case c == '-' && st == scriptDoubleEscaped:
				st = scriptDoubleEscapedDash
			case c == '-':
				st = scriptDoubleEscapedDashDash
			case c == '>' && st == scriptDoubleEscapedDashDash:
				st = scriptData
			case c == '<':
				if i+1 >= len(b) {
					return more(at)
				}
				st = scriptDoubleEscaped
				if b[i+1] != '/' {
					i++
					continue
				}
				switch rawEndTag(b, i, "script") {
				case 1:
					st = scriptEscaped
					i += 2 + len("script") + 1
					continue
				case -1:
					return more(at)
				}
				i++ // the '/' is read in the double escaped state
				continue
			default:
				st = scriptDoubleEscaped
			}
			i++
		}
	}
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' }

// Size returns the size of the Lexer's buffer, which bounds the bytes it
// holds.
func (l *Lexer) Size() int { return len(l.buf) }
