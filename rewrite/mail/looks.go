package mail

import (
	"bytes"

	"github.com/iriscan/iriscan/charset"
)

// A headerScan is what scanHeader found at the start of some bytes.
type headerScan struct {
	fields   int  // header fields seen
	anchor   bool // a From, Sender, Received, Message-ID, MIME-Version or Return-Path field with a value of its syntax
	complete bool // the empty line that ends the block was seen
	valid    bool // every line seen is a field or a folded continuation
	end      int  // after the empty line, when complete
}

// scanHeader reads the header block at the start of b as RFC 5322 Section
// 2.2 writes it: fields "name: value", where a name is one or more
// printable ASCII characters other than ":" (ftext) and a line that starts
// with a space or tab continues the field above it (folding), ended by an
// empty line. A line that is none of these, a NUL, or a continuation before
// any field makes the block invalid. A last line without its line break
// (b cut in the middle of the block) is judged by what it has.
func scanHeader(b []byte) headerScan {
	var h headerScan
	// The field being read: its name b[ns:ne] and its value b[vs:ve],
	// continuation lines included with their line breaks (isAnchor
	// reads line breaks as the white space that unfolding makes of them).
	ns, ne, vs, ve := -1, 0, 0, 0
	done := func() {
		if ns >= 0 && isAnchor(b[ns:ne], b[vs:ve]) {
			h.anchor = true
		}
		ns = -1
	}
	for ls := 0; ls < len(b); {
		nl := bytes.IndexByte(b[ls:], '\n')
		le, next := len(b), len(b)
		if nl >= 0 {
			le, next = ls+nl, ls+nl+1
		}
		line := b[ls:le]
		if nl >= 0 && len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		if bytes.IndexByte(line, 0) >= 0 {
			return h
		}
		switch {
		case len(line) == 0 && nl >= 0:
			done()
			h.complete, h.valid, h.end = true, true, next
			return h
		case len(line) == 0:
		case line[0] == ' ' || line[0] == '\t':
			if ns < 0 {
				return h
			}
			ve = ls + len(line)
		default:
			done()
			c := bytes.IndexByte(line, ':')
			if c < 0 && nl < 0 {
				c = len(line) // a name cut short
			}
			if c <= 0 {
				return h
			}
			for _, ch := range line[:c] {
				if ch <= ' ' || ch > '~' {
					return h
				}
			}
			if c < len(line) || nl >= 0 {
				h.fields++
				ns, ne = ls, ls+c
				vs, ve = ls+min(c+1, len(line)), ls+len(line)
			}
		}
		ls = next
	}
	done()
	h.valid = true
	return h
}

// isAnchor reports whether the field name: value is one that only mail
// has, with a value of the syntax its RFC gives it: an address with "@" in
// From, Sender and Return-Path (RFC 5322 Section 3.6.2 and 3.6.7; "<>" too
// in Return-Path), "<id-left@id-right>" in Message-ID (3.6.4), the ";" before
// the date of Received (3.6.7), and a version "1.0" in MIME-Version (RFC 2045
// Section 4, comments allowed). The value may hold the line breaks of
// folding, which count as white space.
func isAnchor(name, value []byte) bool {
	v := bytes.TrimSpace(value)
	var low [len("mime-version")]byte
	if len(name) > len(low) {
		return false
	}
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[i] = c
	}
	switch string(low[:len(name)]) {
	case "from", "sender":
		return bytes.IndexByte(v, '@') > 0
	case "return-path":
		return bytes.IndexByte(v, '@') > 0 || bytes.Equal(v, []byte("<>"))
	case "message-id":
		lt, at, gt := bytes.IndexByte(v, '<'), bytes.IndexByte(v, '@'), bytes.LastIndexByte(v, '>')
		return lt >= 0 && lt+1 < at && at+1 < gt
	case "received":
		return bytes.IndexByte(v, ';') >= 0
	case "mime-version":
		i := skipCFWS(v, 0)
		d := i
		for d < len(v) && v[d] >= '0' && v[d] <= '9' {
			d++
		}
		k := d + 1
		for k < len(v) && v[k] >= '0' && v[k] <= '9' {
			k++
		}
		return d > i && d < len(v) && v[d] == '.' && k > d+1 && skipCFWS(v, k) == len(v)
	}
	return false
}

// Looks reports whether head, the first bytes of a file, is a mail message
// or an mbox archive, for --format auto. It is when head starts with a
// real header block, optionally after an mbox "From " line: at least two
// header fields (RFC 5322 names, folding allowed), one of them From,
// Sender, Received, Message-ID, MIME-Version or Return-Path with a value
// of that field's syntax (an address with "@", "<id@host>", "…; date",
// "1.0"), and then the empty line that ends the header. A header longer
// than head is accepted when head is at least charset.PrescanLen bytes
// (the start of a longer file) and valid to its end.
//
// Text whose first lines merely look like fields—"Note: …", "From: Alice"
// followed by prose, "Title:" and "Author:" metadata—is not mail.
func Looks(head []byte) bool {
	b := head
	if bytes.HasPrefix(b, []byte("From ")) {
		nl := bytes.IndexByte(b, '\n')
		if nl < 0 {
			return false
		}
		b = b[nl+1:]
	}
	h := scanHeader(b)
	return h.valid && h.anchor && h.fields >= 2 &&
		(h.complete || len(head) >= charset.PrescanLen)
}
