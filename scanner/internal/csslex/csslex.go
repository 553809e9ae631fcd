// Package csslex finds the URL references of a CSS style sheet by the
// tokenizer of CSS Syntax Module Level 3 (§4): the value of an unquoted
// url(…) token, the string of url("…") and src("…"), the string that
// follows @import, and the strings of image-set(), -webkit-image-set() and
// image(). Comments, strings, escapes, numbers, hashes and at-keywords are
// tokenized as the specification says, so that nothing inside a comment,
// an ordinary string or another token is taken for a URL ("5url(x)" is a
// dimension, "#url(x)" a hash).
//
// A Tokenizer reads a style sheet in chunks split anywhere. It holds a few
// bytes of lookahead and the reference being read (at most MaxLen bytes),
// whatever the size of the style sheet, and reports each reference with
// its exact span in the input and its value with escapes decoded.
package csslex

import (
	"bytes"
	"unicode/utf8"
)

// A Context says where a reference stands.
type Context uint8

const (
	// URL is the value of url(…), unquoted or a string.
	URL Context = iota + 1
	// Src is the string of src("…") (CSS Values 4).
	Src
	// Import is the string that follows @import.
	Import
	// ImageSet is a string of image-set() or -webkit-image-set().
	ImageSet
	// Image is a string of image() (CSS Images 4).
	Image
)

var contextNames = [...]string{"", "url", "src", "import", "image-set", "image"}

func (c Context) String() string {
	if int(c) < len(contextNames) {
		return contextNames[c]
	}
	return "Context(?)"
}

// A Ref is one URL reference.
type Ref struct {
	// Start and End are the offsets of the reference in the input: the
	// bytes inside the quotes of a string, or inside url( … ) without the
	// white space around the value.
	Start, End int64
	// Quote is the quote of a string, '"' or '\”, or 0 for an unquoted
	// url(…) token.
	Quote   byte
	Context Context
	// Raw is the input bytes [Start, End); Value is the reference with its
	// escapes decoded (CSS Syntax §4.3.7: "\30D1 " is U+30D1, a backslash
	// before a newline in a string is no character, NUL is U+FFFD).
	Raw, Value string
	// Escaped reports whether Value differs from Raw.
	Escaped bool
}

// look is the lookahead every step of the tokenizer may need: the longest
// escape ("\" + 6 hex digits + CR LF) or three code points.
const look = 16

type state uint8

const (
	stData     state = iota // between tokens
	stComment               // inside /* */
	stString                // inside a string
	stURLSpace              // after "url(": white space before the value
	stURL                   // inside an unquoted url token
	stURLAfter              // white space after its value
	stBadURL                // the remnants of a bad url
	stName                  // an ident sequence
	stInt                   // digits of a number
	stFrac                  // digits after its '.'
	stExp                   // digits of its exponent
)

// nameKind says what an ident sequence being read is.
type nameKind uint8

const (
	nkIdent nameKind = iota // an ident, or the name of a function
	nkAt                    // an at-keyword
	nkOther                 // a hash or the unit of a dimension
)

// fnKind says what a function is to the strings inside it.
type fnKind uint8

const (
	fnNone fnKind = iota // a block, or a function of no interest
	fnURL
	fnSrc
	fnImageSet
	fnImage
)

// block is an open (), [], {} or function.
type block struct {
	close   byte
	fn      fnKind
	strings uint8 // strings read directly inside, up to 255
}

// maxDepth bounds the blocks a Tokenizer keeps; deeper ones are counted.
const maxDepth = 1024

// A Tokenizer finds the URL references of one style sheet. The zero value
// with MaxLen set is ready to use.
type Tokenizer struct {
	// MaxLen is the longest reference reported, in input bytes; a longer
	// one is passed over. 0 means no limit.
	MaxLen int

	base  int64  // input offset of the first byte of the buffer being run
	carry []byte // input read and not yet tokenized (the lookahead)
	refs  []Ref

	st    state
	quote byte
	nk    nameKind
	name  [24]byte // the ident sequence being read, ASCII lower case
	nlen  int      // its length; > len(name): too long to be of interest

	// The reference being read.
	cand     bool // the string or url being read is a reference
	long     bool // longer than MaxLen: not reported
	escaped  bool
	ctx      Context
	start    int64 // its first byte
	end      int64 // with stURLAfter: where its value ended
	val, raw []byte
	seg      int // raw bytes from b[seg:] not yet in raw

	stack []block
	over  int  // blocks open past maxDepth
	imp   bool // @import read at the top level: a string next is its URL
	ns    bool // in the prelude of @namespace: no reference
}

// Reset makes t read a new style sheet, keeping its buffers and MaxLen.
func (t *Tokenizer) Reset() {
	*t = Tokenizer{
		MaxLen: t.MaxLen, carry: t.carry[:0], refs: t.refs[:0],
		val: t.val[:0], raw: t.raw[:0], stack: t.stack[:0],
	}
}

// Feed tokenizes the next bytes p of the style sheet and returns the
// references that ended in them, in order; final says that p ends the
// style sheet. The result is valid until the next call.
func (t *Tokenizer) Feed(p []byte, final bool) []Ref {
	t.refs = t.refs[:0]
	inCarry := false
	if len(t.carry) > 0 {
		if len(p) > 2*look {
			// Run the lookahead kept with the first bytes of p: the run
			// goes past the kept bytes, and the rest of p is run in place.
			c := len(t.carry)
			t.carry = append(t.carry, p[:2*look]...)
			n := t.run(t.carry, false)
			t.base += int64(n)
			p = p[n-c:]
			t.carry = t.carry[:0]
		} else {
			t.carry = append(t.carry, p...)
			p, inCarry = t.carry, true
		}
	}
	n := t.run(p, final)
	t.base += int64(n)
	if inCarry {
		t.carry = t.carry[:copy(t.carry, p[n:])]
	} else {
		t.carry = append(t.carry[:0], p[n:]...)
	}
	return t.refs
}

// Retained returns the offset before which no later reference starts: the
// start of the reference being read, else of the bytes not yet tokenized.
func (t *Tokenizer) Retained() int64 {
	if t.cand && !t.long && (t.st == stString || t.st == stURL || t.st == stURLAfter) {
		return t.start
	}
	return t.base
}

// Depth returns how many blocks and functions are open.
func (t *Tokenizer) Depth() int { return len(t.stack) + t.over }

func isNewline(c byte) bool { return c == '\n' || c == '\r' || c == '\f' }
func isSpace(c byte) bool   { return c == ' ' || c == '\t' || isNewline(c) }
func isDigit(c byte) bool   { return '0' <= c && c <= '9' }
func isHex(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// isNameStart: an ident-start code point (§4.2); NUL is U+FFFD after the
// preprocessing of §3.3, and every byte of a non-ASCII code point counts.
func isNameStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80 || c == 0
}

func isName(c byte) bool { return isNameStart(c) || isDigit(c) || c == '-' }

// isNonPrintable: U+0000–U+0008, U+000B, U+000E–U+001F, U+007F (NUL is
// U+FFFD by then).
func isNonPrintable(c byte) bool {
	return c >= 1 && c <= 8 || c == 0x0b || c >= 0x0e && c <= 0x1f || c == 0x7f
}

// validEscape: the two code points at b[i:] are a valid escape (§4.3.8);
// the end of the input after the backslash is one.
func validEscape(b []byte, i int) bool {
	return i < len(b) && b[i] == '\\' && (i+1 == len(b) || !isNewline(b[i+1]))
}

// startsIdent: the code points at b[i:] would start an ident sequence
// (§4.3.9).
func startsIdent(b []byte, i int) bool {
	if i >= len(b) {
		return false
	}
	switch c := b[i]; {
	case c == '-':
		return i+1 < len(b) && (isNameStart(b[i+1]) || b[i+1] == '-') || validEscape(b, i+1)
	case isNameStart(c):
		return true
	default:
		return validEscape(b, i)
	}
}

// startsNumber: the code points at b[i:] would start a number (§4.3.10).
func startsNumber(b []byte, i int) bool {
	at := func(k int) byte {
		if k < len(b) {
			return b[k]
		}
		return 0xff
	}
	switch c := at(i); {
	case c == '+' || c == '-':
		return isDigit(at(i+1)) || at(i+1) == '.' && isDigit(at(i+2))
	case c == '.':
		return isDigit(at(i + 1))
	default:
		return isDigit(c)
	}
}

// escape consumes the escape at b[i:] (b[i] is '\' and, unless it ends
// the input, not followed by a newline; §4.3.7) and returns the code point
// and the bytes used; bad is an invalid UTF-8 byte, which stands for itself.
func escape(b []byte, i int) (r rune, n int, bad bool) {
	j := i + 1
	if j == len(b) {
		return utf8.RuneError, 1, false
	}
	if isHex(b[j]) {
		v := rune(0)
		for k := 0; k < 6 && j < len(b) && isHex(b[j]); k++ {
			c := b[j]
			switch {
			case c <= '9':
				c -= '0'
			case c >= 'a':
				c -= 'a' - 10
			default:
				c -= 'A' - 10
			}
			v = v<<4 | rune(c)
			j++
		}
		if j < len(b) && isSpace(b[j]) {
			if b[j] == '\r' && j+1 < len(b) && b[j+1] == '\n' {
				j++
			}
			j++
		}
		if v == 0 || v > utf8.MaxRune || 0xd800 <= v && v <= 0xdfff {
			v = utf8.RuneError
		}
		return v, j - i, false
	}
	if b[j] == 0 {
		return utf8.RuneError, 2, false
	}
	r, size := utf8.DecodeRune(b[j:])
	if r == utf8.RuneError && size == 1 {
		return rune(b[j]), 2, true
	}
	return r, 1 + size, false
}

// run tokenizes b, whose first byte is at offset t.base, and returns how
// many bytes it consumed: all if final, else all but fewer than look.
func (t *Tokenizer) run(b []byte, final bool) int {
	i := 0
	t.seg = 0
	short := func() bool { return !final && len(b)-i < look }
	for i < len(b) {
		switch t.st {
		case stData:
			if short() {
				goto suspend
			}
			i = t.data(b, i)
		case stComment:
			k := bytes.Index(b[i:], []byte("*/"))
			if k >= 0 {
				i += k + 2
				t.st = stData
				continue
			}
			i = len(b)
			if !final && b[i-1] == '*' {
				i--
			}
			goto suspend
		case stString:
			for i < len(b) {
				c := b[i]
				if c == t.quote {
					t.emit(b, i)
					i++
					t.st = stData
					break
				}
				if isNewline(c) {
					// A bad string: the newline is not consumed.
					t.cand = false
					t.st = stData
					break
				}
				if c == '\\' {
					if short() {
						goto suspend
					}
					if i+1 == len(b) {
						// A backslash at the end of the input is nothing.
						i = t.skip(b, i, 1)
						continue
					}
					if isNewline(b[i+1]) {
						// A newline escaped is no character (§4.3.5).
						n := 2
						if b[i+1] == '\r' && i+2 < len(b) && b[i+2] == '\n' {
							n = 3
						}
						i = t.skip(b, i, n)
						continue
					}
					i = t.escapeInto(b, i)
					continue
				}
				if c == 0 {
					t.nul(b, i)
					i++
					continue
				}
				// A run of ordinary bytes.
				j := i + 1
				for j < len(b) && b[j] != t.quote && b[j] != '\\' && b[j] != 0 && !isNewline(b[j]) {
					j++
				}
				i = j
			}
			if t.st == stString {
				if !final {
					goto suspend
				}
				t.emit(b, i) // a string ended by the end of the input
				t.st = stData
			}
		case stURLSpace:
			for i < len(b) && isSpace(b[i]) {
				i++
			}
			if i == len(b) {
				if final {
					t.st = stData // url( and white space to the end: empty
				}
				goto suspend
			}
			if b[i] == '"' || b[i] == '\'' {
				t.push(')', fnURL)
				t.st = stData
				continue
			}
			t.begin(b, i, 0, URL)
			t.st = stURL
		case stURL:
			for i < len(b) {
				c := b[i]
				switch {
				case c == ')':
					t.emit(b, i)
					i++
					t.st = stData
				case isSpace(c):
					t.flush(b, i)
					t.end = t.base + int64(i)
					t.st = stURLAfter
				case c == '"' || c == '\'' || c == '(' || isNonPrintable(c):
					t.cand = false
					t.st = stBadURL
				case c == '\\':
					if short() {
						goto suspend
					}
					if !validEscape(b, i) {
						t.cand = false
						t.st = stBadURL
						break
					}
					i = t.escapeInto(b, i)
					continue
				case c == 0:
					t.nul(b, i)
					i++
					continue
				default:
					i++
					continue
				}
				break
			}
			if t.st == stURL {
				if !final {
					goto suspend
				}
				t.emit(b, i) // ended by the end of the input
				t.st = stData
			}
		case stURLAfter:
			for i < len(b) && isSpace(b[i]) {
				i++
			}
			if i == len(b) {
				if final {
					t.emitAt(t.end)
					t.st = stData
				}
				goto suspend
			}
			if b[i] == ')' {
				t.emitAt(t.end)
				i++
				t.st = stData
				continue
			}
			t.cand = false
			t.st = stBadURL
		case stBadURL:
			for i < len(b) {
				k := bytes.IndexAny(b[i:], `)\`)
				if k < 0 {
					i = len(b)
					break
				}
				i += k
				if b[i] == ')' {
					i++
					t.st = stData
					break
				}
				if short() {
					goto suspend
				}
				if validEscape(b, i) {
					_, n, _ := escape(b, i)
					i += n
				} else {
					i++
				}
			}
			if t.st == stBadURL {
				goto suspend
			}
		case stName:
			for i < len(b) {
				c := b[i]
				if c == '\\' {
					if short() {
						goto suspend
					}
					if !validEscape(b, i) {
						break
					}
					r, n, bad := escape(b, i)
					if bad {
						t.addName(0x80) // any non-ASCII byte: no name of interest
					} else {
						var e [4]byte
						for _, x := range e[:utf8.EncodeRune(e[:], r)] {
							t.addName(x)
						}
					}
					i += n
					continue
				}
				if !isName(c) {
					break
				}
				t.addName(c)
				i++
			}
			if i == len(b) && !final {
				goto suspend
			}
			if short() {
				goto suspend
			}
			i = t.nameEnd(b, i)
		case stInt, stFrac, stExp:
			for i < len(b) && isDigit(b[i]) {
				i++
			}
			if short() {
				goto suspend
			}
			if t.st == stInt && i+1 < len(b) && b[i] == '.' && isDigit(b[i+1]) {
				i += 2
				t.st = stFrac
				continue
			}
			if t.st != stExp && i+1 < len(b) && (b[i] == 'e' || b[i] == 'E') &&
				(isDigit(b[i+1]) || (b[i+1] == '+' || b[i+1] == '-') && i+2 < len(b) && isDigit(b[i+2])) {
				i += 2
				t.st = stExp
				continue
			}
			switch {
			case startsIdent(b, i):
				t.st, t.nk, t.nlen = stName, nkOther, 0 // a dimension's unit
			case i < len(b) && b[i] == '%':
				i++
				t.st = stData
				t.token(tOther)
			default:
				t.st = stData
				t.token(tOther)
			}
		}
	}
	if final {
		t.finish(b, i)
	}
	t.flush(b, i)
	return i
suspend:
	if final {
		// Cannot happen: with final, nothing waits for more input.
		i = len(b)
		t.finish(b, i)
	}
	t.flush(b, i)
	return i
}

// finish ends the style sheet: the token being read ends.
func (t *Tokenizer) finish(b []byte, i int) {
	switch t.st {
	case stString, stURL:
		t.emit(b, i)
	case stURLAfter:
		t.flush(b, i)
		t.emitAt(t.end)
	case stName:
		t.nameEnd(b, i)
	}
	t.st = stData
	t.cand = false
}

// tokKind is what the block and at-rule logic needs of a token.
type tokKind uint8

const (
	tOther tokKind = iota
	tSpace
	tAt
	tFunc
	tOpen
	tClose
	tSemicolon
)

// data reads the token that starts at b[i] (§4.3.1), with at least look
// bytes or the end of the input at hand, and returns where it stopped.
func (t *Tokenizer) data(b []byte, i int) int {
	c := b[i]
	switch {
	case isSpace(c):
		for i++; i < len(b) && isSpace(b[i]); i++ {
		}
		return i
	case c == '/' && i+1 < len(b) && b[i+1] == '*':
		t.st = stComment
		return i + 2
	case c == '"' || c == '\'':
		ctx := t.stringContext()
		t.token(tOther)
		t.st = stString
		t.begin(b, i+1, c, ctx)
		return i + 1
	case c == '#':
		if i+1 < len(b) && isName(b[i+1]) || validEscape(b, i+1) {
			t.st, t.nk, t.nlen = stName, nkOther, 0
			return i + 1
		}
	case c == '(' || c == '[' || c == '{':
		cl := byte(')')
		switch c {
		case '[':
			cl = ']'
		case '{':
			cl = '}'
		}
		t.token(tOpen)
		if c == '{' && len(t.stack) == 0 && t.over == 0 {
			t.ns = false
		}
		t.push(cl, fnNone)
		return i + 1
	case c == ')' || c == ']' || c == '}':
		t.token(tClose)
		t.pop(c)
		if c == '}' && len(t.stack) == 0 && t.over == 0 {
			t.ns = false
		}
		return i + 1
	case c == ';':
		t.token(tSemicolon)
		if len(t.stack) == 0 && t.over == 0 {
			t.ns = false
		}
		return i + 1
	case c == '+' || c == '.':
		if startsNumber(b, i) {
			t.st = stInt
			if c == '+' {
				return i + 1
			}
			return i // stInt reads no digit, then '.' and the fraction
		}
	case c == '-':
		switch {
		case startsNumber(b, i):
			t.st = stInt
			return i + 1
		case i+2 < len(b) && b[i+1] == '-' && b[i+2] == '>':
			t.token(tOther) // CDC
			return i + 3
		case startsIdent(b, i):
			t.st, t.nk, t.nlen = stName, nkIdent, 0
			return i
		}
	case c == '<':
		if i+3 < len(b) && b[i+1] == '!' && b[i+2] == '-' && b[i+3] == '-' {
			t.token(tOther) // CDO
			return i + 4
		}
	case c == '@':
		if startsIdent(b, i+1) {
			t.st, t.nk, t.nlen = stName, nkAt, 0
			return i + 1
		}
	case c == '\\':
		if validEscape(b, i) {
			t.st, t.nk, t.nlen = stName, nkIdent, 0
			return i
		}
	case isDigit(c):
		t.st = stInt
		return i
	case isNameStart(c):
		t.st, t.nk, t.nlen = stName, nkIdent, 0
		return i
	}
	t.token(tOther) // a delim, comma, colon …
	return i + 1
}

// addName adds a byte of the ident sequence being read.
func (t *Tokenizer) addName(c byte) {
	if t.nlen < len(t.name) {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		t.name[t.nlen] = c
	}
	t.nlen++
}

func (t *Tokenizer) nameIs(s string) bool {
	return t.nlen == len(s) && string(t.name[:t.nlen]) == s
}

// nameEnd ends the ident sequence before b[i] (§4.3.4: an ident-like
// token, an at-keyword, a hash or a dimension) and returns where the
// tokenizer goes on.
func (t *Tokenizer) nameEnd(b []byte, i int) int {
	t.st = stData
	switch t.nk {
	case nkAt:
		t.token(tAt)
	case nkIdent:
		if i < len(b) && b[i] == '(' {
			if t.nameIs("url") {
				t.token(tOther)
				t.st = stURLSpace
				return i + 1
			}
			fn := fnNone
			switch {
			case t.nameIs("src"):
				fn = fnSrc
			case t.nameIs("image-set"), t.nameIs("-webkit-image-set"):
				fn = fnImageSet
			case t.nameIs("image"):
				fn = fnImage
			}
			t.token(tFunc)
			t.push(')', fn)
			return i + 1
		}
		t.token(tOther)
	default:
		t.token(tOther)
	}
	return i
}

// token notes a token other than a string or a url for @import and
// @namespace.
func (t *Tokenizer) token(k tokKind) {
	top := len(t.stack) == 0 && t.over == 0
	t.imp = false
	if k == tAt && top {
		switch {
		case t.nameIs("import"):
			t.imp = true
		case t.nameIs("namespace"):
			t.ns = true
		}
	}
}

// stringContext says whether a string starting now is a reference, and
// where; 0 if not. It counts the string in its block.
func (t *Tokenizer) stringContext() Context {
	if t.imp {
		return Import
	}
	if len(t.stack) == 0 || t.over > 0 {
		return 0
	}
	b := &t.stack[len(t.stack)-1]
	n := b.strings
	if n < 255 {
		b.strings++
	}
	switch b.fn {
	case fnURL:
		if n == 0 && !t.ns {
			return URL
		}
	case fnSrc:
		if n == 0 && !t.ns {
			return Src
		}
	case fnImageSet:
		return ImageSet
	case fnImage:
		return Image
	}
	return 0
}

func (t *Tokenizer) push(close byte, fn fnKind) {
	if len(t.stack) == maxDepth || t.over > 0 {
		t.over++
		return
	}
	t.stack = append(t.stack, block{close: close, fn: fn})
}

// pop closes the innermost block if c is its closing token; a closing
// token of another block is a token like any other inside it (§5.4.8).
func (t *Tokenizer) pop(c byte) {
	if t.over > 0 {
		t.over--
		return
	}
	if n := len(t.stack); n > 0 && t.stack[n-1].close == c {
		t.stack = t.stack[:n-1]
	}
}

// begin starts the value of a string or url token at b[i].
func (t *Tokenizer) begin(b []byte, i int, quote byte, ctx Context) {
	t.quote, t.ctx = quote, ctx
	t.cand = ctx != 0 && !(ctx == URL && t.ns)
	t.long, t.escaped = false, false
	t.start = t.base + int64(i)
	t.val, t.raw = t.val[:0], t.raw[:0]
	t.seg = i
}

// flush adds b[t.seg:i] to the raw bytes and the value of the reference
// being read.
func (t *Tokenizer) flush(b []byte, i int) {
	if t.seg < i && t.cand && !t.long && (t.st == stString || t.st == stURL) {
		t.raw = append(t.raw, b[t.seg:i]...)
		t.val = append(t.val, b[t.seg:i]...)
		if t.MaxLen > 0 && len(t.raw) > t.MaxLen {
			t.long = true
			t.raw, t.val = t.raw[:0], t.val[:0]
		}
	}
	t.seg = i
}

// escapeInto decodes the escape at b[i:] into the value and returns where
// it ends.
func (t *Tokenizer) escapeInto(b []byte, i int) int {
	t.flush(b, i)
	r, n, bad := escape(b, i)
	if t.cand && !t.long {
		t.raw = append(t.raw, b[i:i+n]...)
		if bad {
			t.val = append(t.val, byte(r))
		} else {
			t.val = utf8.AppendRune(t.val, r)
		}
	}
	t.escaped = true
	t.seg = i + n
	return i + n
}

// skip adds the n bytes at b[i:] to the raw bytes of the reference being
// read but not to its value, and returns where they end.
func (t *Tokenizer) skip(b []byte, i, n int) int {
	t.flush(b, i)
	if t.cand && !t.long {
		t.raw = append(t.raw, b[i:i+n]...)
	}
	t.escaped = true
	t.seg = i + n
	return i + n
}

// nul adds the U+FFFD a NUL byte at b[i] stands for.
func (t *Tokenizer) nul(b []byte, i int) {
	t.flush(b, i)
	if t.cand && !t.long {
		t.raw = append(t.raw, 0)
		t.val = append(t.val, "\uFFFD"...)
	}
	t.escaped = true
	t.seg = i + 1
}

// emit reports the reference being read, which ends before b[i].
func (t *Tokenizer) emit(b []byte, i int) {
	t.flush(b, i)
	t.emitAt(t.base + int64(i))
}

// emitAt reports the reference being read, which ends at offset end.
func (t *Tokenizer) emitAt(end int64) {
	if t.cand && !t.long && end > t.start {
		n := int(end - t.start)
		if t.MaxLen == 0 || n <= t.MaxLen {
			raw := string(t.raw[:n])
			val := raw
			if t.escaped {
				val = string(t.val[:len(t.val)-(len(t.raw)-n)])
			}
			t.refs = append(t.refs, Ref{
				Start: t.start, End: end, Quote: t.quote, Context: t.ctx,
				Raw: raw, Value: val, Escaped: t.escaped && val != raw,
			})
		}
	}
	t.cand = false
	t.token(tOther)
}
