package htmllex

import "bytes"

// Byte classes of the tag states.
const (
	clSpace = 1 << iota // ASCII white space as the tokenizer knows it
	clSlash
	clGt
	clEq

	clNameEnd     = clSpace | clSlash | clGt        // ends a tag name
	clAttrNameEnd = clSpace | clSlash | clGt | clEq // ends an attribute name
	clUnquotedEnd = clSpace | clGt                  // ends an unquoted value
)

var class = [256]uint8{
	' ': clSpace, '\n': clSpace, '\r': clSpace, '\t': clSpace, '\f': clSpace,
	'/': clSlash, '>': clGt, '=': clEq,
}

// lexWholeTag lexes a start or end tag at the start of b that ends in b,
// from b[i], the first letter of its name, as lexTag does from the first
// phase: the same length, kind, name and attributes, in one pass without
// the state lexTag keeps to go on in the next piece. It returns 0, and
// leaves the token as lex set it, when the tag does not end in b: lexTag
// then reads it again.
//
// Nearly every tag ends in the buffer, so this is the path of nearly every
// tag; lexTag's phases are its reference (the differential tests against
// x/net/html run both, as the buffer ends in different places).
func (l *Lexer) lexWholeTag(b []byte, start bool, i int) (int, Kind) {
	t := &l.tok
	ns := i
	i++ // the first letter
	for i < len(b) && class[b[i]]&clNameEnd == 0 {
		i++
	}
	if i >= len(b) {
		return 0, 0
	}
	ne := i
	if class[b[i]]&clSpace != 0 {
		i++
	}
	for {
		// Before an attribute: white space, then '>' or the attribute.
		for i < len(b) && class[b[i]]&clSpace != 0 {
			i++
		}
		if i >= len(b) {
			return l.notWhole()
		}
		if b[i] == '>' {
			n := i + 1
			t.Name = Span{ns, ne}
			if !start {
				return n, EndTag
			}
			if tag := rawTagOf(b[ns:ne]); tag != "" {
				l.rawTag = tag
			}
			return n, l.selfClosing(b[:n])
		}
		a := Attr{Name: Span{i, i}}
		if b[i] == '=' {
			i++ // a name may start with '='
		}
		for i < len(b) && class[b[i]]&clAttrNameEnd == 0 {
			i++
		}
		if i >= len(b) {
			return l.notWhole()
		}
		a.Name.End = i
		a.Value = Span{i, i}
		for i < len(b) && class[b[i]]&clSpace != 0 {
			i++
		}
		if i >= len(b) {
			return l.notWhole()
		}
		switch b[i] {
		case '/':
			i++
		case '=':
			i++
			for i < len(b) && class[b[i]]&clSpace != 0 {
				i++
			}
			if i >= len(b) {
				return l.notWhole()
			}
			switch q := b[i]; q {
			case '>':
			case '"', '\'':
				i++
				k := bytes.IndexByte(b[i:], q)
				if k < 0 {
					return l.notWhole()
				}
				a.Quote, a.HasValue = q, true
				a.Value = Span{i, i + k}
				i += k + 1
			default:
				vs := i
				for i < len(b) && class[b[i]]&clUnquotedEnd == 0 {
					i++
				}
				if i >= len(b) {
					return l.notWhole()
				}
				a.HasValue = true
				a.Value = Span{vs, i}
				if b[i] != '>' {
					i++
				}
			}
		}
		if start {
			t.Attrs = append(t.Attrs, a)
		}
	}
}

// notWhole undoes what lexWholeTag set of a tag that does not end in the
// buffer.
func (l *Lexer) notWhole() (int, Kind) {
	l.tok.Attrs = l.tok.Attrs[:0]
	return 0, 0
}

// rawTagOf returns the element of rawTags named name (ASCII
// case-insensitively), or "". The first byte of a tag name is a letter.
func rawTagOf(name []byte) string {
	var c string
	switch len(name) {
	case 3:
		c = "xmp"
	case 5:
		c = "style"
		if name[0]|0x20 == 't' {
			c = "title"
		}
	case 6:
		c = "script"
		if name[0]|0x20 == 'i' {
			c = "iframe"
		}
	case 7:
		c = "noembed"
	case 8:
		switch name[0] | 0x20 {
		case 't':
			c = "textarea"
		default:
			c = "noscript"
			if len(name) > 2 && name[2]|0x20 == 'f' {
				c = "noframes"
			}
		}
	case 9:
		c = "plaintext"
	default:
		return ""
	}
	if equalLower(name, c) {
		return c
	}
	return ""
}

// equalLower reports whether name is lower, a lower-case ASCII word of its
// length, in any case.
func equalLower(name []byte, lower string) bool {
	for i, c := range name {
		// Only 'X' and 'x' give 'x' when or-ed with 0x20.
		if c|0x20 != lower[i] {
			return false
		}
	}
	return true
}
