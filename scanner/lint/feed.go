package lint

import (
	"bytes"
	"encoding/binary"
	"io"
	"sort"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
)

// feed hands the decoded text to the scanner and notes where the bidi
// formatting characters are (and, in HTML, the character references to
// them), from the scanner's Retained offset on.
type feed struct {
	r        *charset.Reader
	retained func() int64
	html     bool
	buf      []byte // rest of the last chunk
	pos      int64  // decoded offset of the next chunk
	marks    []mark
	carry    []byte // HTML: the end of the last chunk from an unfinished "&"
}

// mark is a bidi formatting character, or a reference to one, at
// decoded bytes [start, end).
type mark struct {
	start, end int64
	r          rune
}

func (f *feed) Read(p []byte) (int, error) {
	for len(f.buf) == 0 {
		if f.retained != nil {
			keep := f.retained()
			f.r.SetKeep(keep)
			k := 0
			for k < len(f.marks) && f.marks[k].end < keep {
				k++
			}
			f.marks = f.marks[:copy(f.marks, f.marks[k:])]
		}
		b, err := f.r.Next()
		f.note(b)
		f.buf = b
		if len(b) == 0 && err != nil {
			return 0, err
		}
	}
	n := copy(p, f.buf)
	f.buf = f.buf[n:]
	return n, nil
}

// note records the marks of the chunk b, which starts at f.pos.
func (f *feed) note(b []byte) {
	base := f.pos
	f.pos += int64(len(b))
	for i := 0; i < len(b); i++ {
		if i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 == 0 {
			i += 7 // eight ASCII bytes
			continue
		}
		c := b[i]
		switch {
		case c == 0xE2 && i+2 < len(b) || c == 0xD8 && i+1 < len(b):
			r, n := decodeRune(b[i:])
			if iri.IsBidiFormatting(r) {
				f.marks = append(f.marks, mark{base + int64(i), base + int64(i+n), r})
			}
		}
	}
	if !f.html {
		return
	}
	// References: "&#x202E;", "&#8238;", "&rlm;", "&lrm;". One cut by the
	// chunk's end is read with the next chunk.
	var text []byte
	start := base
	if len(f.carry) > 0 {
		text = append(f.carry, b...)
		start -= int64(len(f.carry))
	} else {
		text = b
	}
	f.carry = f.carry[:0]
	for i := 0; i < len(text); i++ {
		k := bytes.IndexByte(text[i:], '&')
		if k < 0 {
			break
		}
		i += k
		r, n, short := bidiRef(text[i:])
		if short {
			f.carry = append(f.carry[:0], text[i:]...)
			break
		}
		if r != 0 {
			f.marks = append(f.marks, mark{start + int64(i), start + int64(i+n), r})
		}
	}
}

// bidiRef reads a character reference at the start of b to a bidi
// formatting character: its rune and length. short reports that b ends
// before the reference could be decided.
func bidiRef(b []byte) (r rune, n int, short bool) {
	const longest = len("&#x0000202e;")
	for _, name := range []string{"&lrm;", "&rlm;"} {
		if len(b) < len(name) && string(b) == name[:len(b)] {
			return 0, 0, true
		}
		if strings.HasPrefix(string(b[:min(len(b), len(name))]), name) {
			if name == "&lrm;" {
				return 0x200E, len(name), false
			}
			return 0x200F, len(name), false
		}
	}
	if len(b) < 2 {
		return 0, 0, len(b) < longest
	}
	if b[1] != '#' {
		return 0, 0, false
	}
	i, hex, base := 2, false, rune(10)
	if i < len(b) && b[i]|0x20 == 'x' {
		hex, base = true, 16
		i++
	}
	v, digits := rune(0), 0
	for ; i < len(b); i++ {
		c := b[i]
		var d rune
		switch {
		case '0' <= c && c <= '9':
			d = rune(c - '0')
		case hex && 'a' <= c|0x20 && c|0x20 <= 'f':
			d = rune(c|0x20-'a') + 10
		default:
			goto done
		}
		if v < 0x110000 {
			v = v*base + d
		}
		digits++
	}
	// The end of b inside the digits: more may follow.
	return 0, 0, i < longest
done:
	if digits == 0 || !iri.IsBidiFormatting(v) {
		return 0, 0, false
	}
	if b[i] == ';' {
		i++
	}
	return v, i, false
}

func decodeRune(b []byte) (rune, int) {
	if b[0] == 0xD8 {
		return rune(b[0]&0x1F)<<6 | rune(b[1]&0x3F), 2
	}
	return rune(b[0]&0x0F)<<12 | rune(b[1]&0x3F)<<6 | rune(b[2]&0x3F), 3
}

// bidiNear returns a bidi formatting character that ends at start or
// begins at end, and which.
func (f *feed) bidiNear(start, end int64) (rune, string) {
	k := sort.Search(len(f.marks), func(k int) bool { return f.marks[k].end >= start })
	for _, m := range f.marks[k:] {
		if m.start > end {
			break
		}
		switch {
		case m.end == start:
			return m.r, "before"
		case m.start == end:
			return m.r, "after"
		case m.start >= start && m.end <= end:
			return m.r, "inside"
		}
	}
	return 0, ""
}

var _ io.Reader = (*feed)(nil)
