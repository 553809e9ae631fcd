// Package quote writes file names so that a reader, a shell and patch see
// exactly the bytes they hold: a name with a newline, an escape sequence
// or any other control character cannot add a line to a list or a diff,
// or paint a terminal.
//
// Shell quotes as GNU ls --quoting-style=shell-escape does, for lists of
// names one a line: a name that needs nothing is left as it is, and a name
// with a newline between a and b becomes
//
//	'a'$'\n''b'
//
// C quotes as GNU diff writes the names in the "---" and "+++" headers of
// a unified diff, which GNU patch and git read back:
//
//	"a\nb"
//
// Both are stricter than ls in one way: Unicode format characters (the
// bidirectional overrides and isolates, zero-width joiners, U+FEFF), line
// and paragraph separators and unassigned code points are escaped too,
// since they can reorder or hide what a reader sees.
package quote

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Shell returns name quoted for a POSIX shell with the bash $'...'
// extension, as GNU ls --quoting-style=shell-escape prints it:
//
//   - a name of letters, digits, non-ASCII printable characters and
//     %+,-./:@]_{} (and # or ~ after the first byte) is left as it is;
//   - a name with a shell-special character (space ! " $ & ' ( ) * ; < = >
//     ? [ \ ^ ` | , or # or ~ first) is put in single quotes, or in
//     double quotes when its only problem characters are single quotes
//     and spaces or other characters plain inside double quotes;
//   - a name with a byte that is not printable (a control character, an
//     invalid UTF-8 byte, a format character) is put in single quotes in
//     which each run of such bytes is closed, written as $'\n' (\a \b \t
//     \n \v \f \r, or three octal digits) and reopened.
//
// A shell reading the result gets name back, byte for byte; the result
// holds only printable characters.
func Shell(name string) string {
	if name == "" {
		return "''"
	}
	special, escape := false, false
	apostrophe, dqSpecial := false, false
	for i := 0; i < len(name); {
		c := name[i]
		if n := printable(name[i:]); n == 0 {
			escape = true
			i++
			continue
		} else if n > 1 {
			i += n
			continue
		}
		switch c {
		case '\'':
			apostrophe, special = true, true
		case '"', '$', '`', '\\', '!':
			dqSpecial, special = true, true
		case ' ', '&', '(', ')', '*', ';', '<', '=', '>', '?', '[', '^', '|':
			special = true
		case '#', '~':
			if i == 0 {
				special = true
			}
		}
		i++
	}
	switch {
	case !special && !escape:
		return name
	case !escape && !apostrophe:
		return "'" + name + "'"
	case !escape && !dqSpecial:
		return `"` + name + `"`
	}
	var b strings.Builder
	b.Grow(len(name) + 8)
	b.WriteByte('\'')
	inEscape := false // inside $'...' rather than '...'
	for i := 0; i < len(name); {
		n := printable(name[i:])
		switch {
		case n == 0:
			if !inEscape {
				b.WriteString(`'$'`)
				inEscape = true
			}
			writeEscape(&b, name[i])
			i++
			continue
		case name[i] == '\'':
			b.WriteString(`'\''`)
		default:
			if inEscape {
				b.WriteString(`''`)
			}
			b.WriteString(name[i : i+n])
		}
		inEscape = false
		i += n
	}
	b.WriteByte('\'')
	return b.String()
}

// C returns name as GNU diff writes it in a header line: as it is when it
// holds only printable ASCII other than space, '"' and '\'; otherwise in
// double quotes with C escapes: \" \\ \a \b \t \n \v \f \r, and three
// octal digits for every other byte (every non-ASCII byte too, as GNU
// diff does whatever the locale).
func C(name string) string {
	need := name == ""
	for i := 0; i < len(name) && !need; i++ {
		c := name[i]
		need = c <= ' ' || c >= 0x7f || c == '"' || c == '\\'
	}
	if !need {
		return name
	}
	var b strings.Builder
	b.Grow(len(name) + 8)
	b.WriteByte('"')
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= ' ' && c < 0x7f:
			b.WriteByte(c)
		default:
			writeEscape(&b, c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// printable returns the length of the character at the start of s if it
// may be written as it is (a printable ASCII byte or a graphic Unicode
// character other than a format character), or 0 if its first byte must
// be escaped.
func printable(s string) int {
	c := s[0]
	if c < utf8.RuneSelf {
		if c >= ' ' && c < 0x7f {
			return 1
		}
		return 0
	}
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || !unicode.IsGraphic(r) || unicode.Is(unicode.Cf, r) {
		// IsGraphic excludes controls, format characters, U+2028,
		// U+2029, surrogates, private use and unassigned code points
		// but includes spaces such as U+00A0: those are not shell-special.
		return 0
	}
	return n
}

// writeEscape writes the C escape of the byte c: a letter escape where
// one exists, else a backslash and three octal digits.
func writeEscape(b *strings.Builder, c byte) {
	b.WriteByte('\\')
	switch c {
	case '\a':
		b.WriteByte('a')
	case '\b':
		b.WriteByte('b')
	case '\t':
		b.WriteByte('t')
	case '\n':
		b.WriteByte('n')
	case '\v':
		b.WriteByte('v')
	case '\f':
		b.WriteByte('f')
	case '\r':
		b.WriteByte('r')
	default:
		b.WriteByte('0' + c>>6)
		b.WriteByte('0' + c>>3&7)
		b.WriteByte('0' + c&7)
	}
}

// Line returns s with every byte that Shell would escape (control
// characters, invalid UTF-8, format characters, line separators) written
// as a C escape, and every other character as it is: for a message that
// must stay on one line whatever file names it holds.
func Line(s string) string {
	for i := 0; i < len(s); {
		n := printable(s[i:])
		if n == 0 {
			return line(s, i)
		}
		i += n
	}
	return s
}

func line(s string, i int) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		if n := printable(s[i:]); n > 0 {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		writeEscape(&b, s[i])
		i++
	}
	return b.String()
}
