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
}

// A Token is the current token of a Lexer. Its slices are valid until the
// next call of Next.
type Token struct {
	Kind Kind
	// Raw holds the token's bytes as in the input.
	Raw []byte
	// Name is the tag name in Raw (tags only).
	Name Span
	// Attrs are the attributes of a tag in order, repeated names included.
	Attrs []Attr
	// Raw is the raw-text kind of a Text token.
	RawText RawKind
}

// A Lexer splits HTML read from an io.Reader into the tokens x/net/html's
// Tokenizer returns (without AllowCDATA), with the same raw bytes: the
// tokenizer states of the HTML Standard, as that tokenizer reads them.
// A tag, comment or doctype not ended at the end of the input ends the
// tokens, as in x/net/html, and so does a read error.
//
// It holds the current token and what was read past it; it reads more
// only when a token does not end in what it holds, and then reads until
// its buffer is full, so that a long token is lexed a bounded number of
// times.
type Lexer struct {
	r      io.Reader
	buf    []byte
	start  int // the current token starts here
	end    int // valid bytes in buf
	eof    bool
	err    error
	base   int64 // stream offset of buf[0]
	rawTag string
	tok    Token
	done   bool
}

// New returns a Lexer reading from r.
func New(r io.Reader) *Lexer {
	return &Lexer{r: r, buf: make([]byte, 64<<10)}
}

// Reset makes l read r from the start, keeping its buffer.
func (l *Lexer) Reset(r io.Reader) {
	*l = Lexer{r: r, buf: l.buf, tok: Token{Attrs: l.tok.Attrs[:0]}}
}

// Token returns the current token.
func (l *Lexer) Token() *Token { return &l.tok }

// Offset returns the stream offset of the current token.
func (l *Lexer) Offset() int64 { return l.base + int64(l.start) }

// Err returns the read error that ended the tokens, if not io.EOF.
func (l *Lexer) Err() error { return l.err }

// Next advances to the next token and reports whether there is one.
func (l *Lexer) Next() bool {
	if l.done {
		return false
	}
	l.start += len(l.tok.Raw)
	l.tok.Raw = nil
	for {
		b := l.buf[l.start:l.end]
		n, kind := l.lex(b)
		if n > 0 {
			l.tok.Kind = kind
			l.tok.Raw = b[:n:n]
			return true
		}
		if n < 0 || l.eof {
			l.done = true
			return false
		}
		if l.err != nil || !l.fill() {
			l.done = true
			return false
		}
	}
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
// when b may not hold all of it (never at the end of the input), or -1 when
// the tokens end (a tag cut by the end of the input).
func (l *Lexer) lex(b []byte) (int, Kind) {
	eof := l.eof
	l.tok.RawText = NotRaw
	if l.rawTag != "" {
		var n int
		switch l.rawTag {
		case "plaintext":
			if !eof {
				return 0, 0
			}
			n = len(b)
		case "script":
			n = lexScript(b, eof)
		default:
			n = lexRaw(b, l.rawTag, eof)
		}
		if n < 0 {
			return 0, 0
		}
		kind := RawText
		if l.rawTag == "textarea" || l.rawTag == "title" {
			kind = EscapableRawText
		}
		l.rawTag = ""
		if n > 0 {
			l.tok.RawText = kind
			return n, Text
		}
	}
	// Text up to a '<' that starts a tag, comment or doctype.
	i := 0
	for {
		k := bytes.IndexByte(b[i:], '<')
		if k < 0 {
			if !eof {
				return 0, 0
			}
			if len(b) == 0 {
				return -1, 0
			}
			return len(b), Text
		}
		p := i + k
		if p+1 >= len(b) {
			if !eof {
				return 0, 0
			}
			return len(b), Text
		}
		c := b[p+1]
		if isLetter(c) || c == '/' || c == '!' || c == '?' {
			if p > 0 {
				return p, Text
			}
			break
		}
		i = p + 1
	}
	switch c := b[1]; {
	case isLetter(c):
		n := l.lexTag(b, true)
		if n <= 0 {
			return n, 0
		}
		return n, l.startKind(b[:n])
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
			n := l.lexTag(b, false)
			return n, EndTag
		}
		return untilCloseAngle(b, 2, eof), Comment
	case c == '?':
		return untilCloseAngle(b, 1, eof), Comment
	}
	// "<!": a comment, a doctype or a bogus comment.
	if len(b) < 4 {
		if !eof {
			return 0, 0
		}
		return len(b), Comment
	}
	if b[2] == '-' && b[3] == '-' {
		return lexComment(b, eof), Comment
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
			return untilCloseAngle(b, 2, eof), Comment
		}
	}
	i = 2 + len(doctype)
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	if i == len(b) {
		if !eof {
			return 0, 0
		}
		return len(b), Doctype
	}
	return untilCloseAngle(b, i, eof), Doctype
}

// startKind sets rawTag after the start tag raw and says whether it closes
// itself.
func (l *Lexer) startKind(raw []byte) Kind {
	name := raw[l.tok.Name.Start:l.tok.Name.End]
	if len(name) >= 3 && len(name) <= 9 {
		for _, t := range rawTags {
			if len(t) == len(name) && equalFoldLower(name, t) {
				l.rawTag = t
				break
			}
		}
	}
	// x/net/html: a "/" before the ">" makes the tag self-closing unless
	// it is the last byte of the value of the last attribute it keeps
	// (the first of each name): <p a=/> is no self-closing tag.
	n := len(raw)
	if raw[n-2] != '/' {
		return StartTag
	}
	if last := l.lastKeptAttr(raw); last >= 0 && n-2 == l.tok.Attrs[last].Value.End-1 {
		return StartTag
	}
	return SelfClosingTag
}

// lastKeptAttr returns the index of the last attribute x/net/html keeps:
// one with a name, the first of that name (ASCII case-insensitively).
func (l *Lexer) lastKeptAttr(raw []byte) int {
	as := l.tok.Attrs
	for k := len(as) - 1; k >= 0; k-- {
		a := as[k]
		if a.Name.Start == a.Name.End {
			continue
		}
		dup := false
		for _, e := range as[:k] {
			if bytes.EqualFold(raw[e.Name.Start:e.Name.End], raw[a.Name.Start:a.Name.End]) {
				dup = true
				break
			}
		}
		if !dup {
			return k
		}
	}
	return -1
}

var rawTags = []string{"iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp"}

// equalFoldLower reports whether b is lower (lower case ASCII letters) in
// any case.
func equalFoldLower(b []byte, lower string) bool {
	for i, c := range b {
		if c|0x20 != lower[i] {
			return false
		}
	}
	return true
}

// lexTag lexes a start (start) or end tag at the start of b and sets the
// name and attributes of the token: x/net/html's readTag. It returns the
// tag's length, 0 for more input, or -1 for a tag cut by the end of the
// input.
func (l *Lexer) lexTag(b []byte, start bool) int {
	eof := l.eof
	more := func() int {
		if eof {
			return -1
		}
		return 0
	}
	l.tok.Attrs = l.tok.Attrs[:0]
	i := 1
	if !start {
		i = 2
	}
	ns := i
	i++
	for ; ; i++ {
		if i >= len(b) {
			return more()
		}
		c := b[i]
		if isSpace(c) {
			l.tok.Name = Span{ns, i}
			i++
			break
		}
		if c == '/' || c == '>' {
			l.tok.Name = Span{ns, i}
			break
		}
	}
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	for {
		if i >= len(b) {
			return more()
		}
		if b[i] == '>' {
			return i + 1
		}
		// The attribute's name: its first byte may be '='.
		var a Attr
		a.Name.Start = i
		for ; ; i++ {
			if i >= len(b) {
				return more()
			}
			c := b[i]
			if c == '=' && i == a.Name.Start {
				continue
			}
			if c == '=' || isSpace(c) || c == '/' || c == '>' {
				break
			}
		}
		a.Name.End = i
		a.Value = Span{i, i}
		// Its value.
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i >= len(b) {
			return more()
		}
		switch c := b[i]; c {
		case '/':
			i++
		case '=':
			i++
			for i < len(b) && isSpace(b[i]) {
				i++
			}
			if i >= len(b) {
				return more()
			}
			switch q := b[i]; q {
			case '>':
			case '"', '\'':
				k := bytes.IndexByte(b[i+1:], q)
				if k < 0 {
					return more()
				}
				a.Value = Span{i + 1, i + 1 + k}
				a.Quote, a.HasValue = q, true
				i += k + 2
			default:
				a.Value.Start = i
				for ; ; i++ {
					if i >= len(b) {
						return more()
					}
					if c := b[i]; isSpace(c) {
						a.Value.End = i
						i++
						break
					} else if c == '>' {
						a.Value.End = i
						break
					}
				}
				a.HasValue = true
			}
		}
		if start {
			l.tok.Attrs = append(l.tok.Attrs, a)
		}
		for i < len(b) && isSpace(b[i]) {
			i++
		}
	}
}

// untilCloseAngle returns the length of a token that ends at the first '>'
// from b[i] on, or at the end of the input.
func untilCloseAngle(b []byte, i int, eof bool) int {
	k := bytes.IndexByte(b[i:], '>')
	if k < 0 {
		if !eof {
			return 0
		}
		return len(b)
	}
	return i + k + 1
}

// lexComment returns the length of the comment "<!--…" at the start of b
// (x/net/html's readComment: "-->", "--!>", and "<!-->" or "<!--->"), or 0
// for more input. A comment cut by the end of the input ends there.
func lexComment(b []byte, eof bool) int {
	dashes := 0
	beginning := true
	for i := 4; ; i++ {
		if i >= len(b) {
			if !eof {
				return 0
			}
			return len(b)
		}
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
				i++
				if i >= len(b) {
					if !eof {
						return 0
					}
					return len(b)
				}
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
}

// lexRaw returns the length of the raw text at the start of b, up to the
// end tag of element tag, 0 for none, or -1 for more input.
func lexRaw(b []byte, tag string, eof bool) int {
	i := 0
	for {
		k := bytes.IndexByte(b[i:], '<')
		if k < 0 {
			if !eof {
				return -1
			}
			return len(b)
		}
		p := i + k
		switch m := rawEndTag(b, p, tag); {
		case m > 0:
			return p
		case m < 0:
			if !eof {
				return -1
			}
			return len(b)
		}
		i = p + 1
	}
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

// lexScript returns the length of the script text at the start of b, 0
// for none, or -1 for more input.
func lexScript(b []byte, eof bool) int {
	more := func() int {
		if !eof {
			return -1
		}
		return len(b)
	}
	st := scriptData
	for i := 0; ; {
		if i >= len(b) {
			return more()
		}
		if st == scriptData {
			k := bytes.IndexByte(b[i:], '<')
			if k < 0 {
				return more()
			}
			i += k
		}
		c := b[i]
		switch st {
		case scriptData:
			// c is '<'.
			if i+1 >= len(b) {
				return more()
			}
			switch b[i+1] {
			case '/':
				switch rawEndTag(b, i, "script") {
				case 1:
					return i
				case -1:
					return more()
				}
				i += 2
				continue
			case '!':
				if i+2 >= len(b) {
					return more()
				}
				if b[i+2] != '-' {
					i += 2
					continue
				}
				if i+3 >= len(b) {
					return more()
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
			i++
			switch {
			case c == '-' && st == scriptEscaped:
				st = scriptEscapedDash
			case c == '-':
				st = scriptEscapedDashDash
			case c == '>' && st == scriptEscapedDashDash:
				st = scriptData
			case c == '<':
				if i >= len(b) {
					return more()
				}
				d := b[i]
				if d == '/' {
					switch rawEndTag(b, i-1, "script") {
					case 1:
						return i - 1
					case -1:
						return more()
					}
					i++
					st = scriptEscaped
					continue
				}
				if !isLetter(d) {
					st = scriptData
					continue
				}
				// Double escape start: "script" and a delimiter.
				st = scriptEscaped
				j := 0
				for ; j < 6; j++ {
					if i+j >= len(b) {
						return more()
					}
					if b[i+j]|0x20 != "script"[j] {
						break
					}
				}
				if j < 6 {
					i += j
					continue
				}
				if i+6 >= len(b) {
					return more()
				}
				if d := b[i+6]; isSpace(d) || d == '/' || d == '>' {
					st = scriptDoubleEscaped
					i += 7
				} else {
					i += 6
				}
			default:
				st = scriptEscaped
			}
		default: // double escaped
			i++
			switch {
			case c == '-' && st == scriptDoubleEscaped:
				st = scriptDoubleEscapedDash
			case c == '-':
				st = scriptDoubleEscapedDashDash
			case c == '>' && st == scriptDoubleEscapedDashDash:
				st = scriptData
			case c == '<':
				st = scriptDoubleEscaped
				if i >= len(b) {
					return more()
				}
				if b[i] != '/' {
					continue
				}
				switch rawEndTag(b, i-1, "script") {
				case 1:
					st = scriptEscaped
					i += 1 + len("script") + 1
				case -1:
					return more()
				}
			default:
				st = scriptDoubleEscaped
			}
		}
	}
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' }
