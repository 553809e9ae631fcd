package mail

import (
	"bufio"
	"bytes"
	"io"
)

// This file reads the structure of mail as a stream: mbox messages and
// the parts of multiparts are readers that end at their separator or
// delimiter, nested one per level, so that no part is ever held whole.

// A partReader reads the content of one MIME part (or the preamble) of a
// multipart body from br, up to the next delimiter line: "--" boundary at
// the start of a line, an optional "--" that makes it the close
// delimiter, optional white space and the line break (RFC 2046 Section
// 5.1.1). The line break before the delimiter belongs to the delimiter.
// When a read ends at a delimiter, the delimiter line is consumed and
// kept in delimLine.
type partReader struct {
	br      *bufio.Reader
	delim   []byte // "--" boundary
	atStart bool   // nothing read yet and a delimiter may be the first byte
	done    bool   // at the end: the delimiter or the end of the input
	closing bool   // the delimiter was the close delimiter
	eof     bool   // the input ended without a delimiter
	n       int64  // content bytes returned

	delimLine []byte // the delimiter with its line breaks
}

func (p *partReader) reset(br *bufio.Reader, delim []byte, atStart bool) {
	*p = partReader{br: br, delim: delim, atStart: atStart, delimLine: p.delimLine[:0]}
}

func (p *partReader) Read(b []byte) (int, error) {
	if p.done {
		return 0, io.EOF
	}
	// Look at the buffered bytes first, and fill the buffer only when
	// they do not decide: a Peek of the whole buffer moves its bytes
	// down each time, which for small parts cost more than the part.
	want := max(p.br.Buffered(), 1)
	for {
		peek, err := p.br.Peek(want)
		end := err != nil
		if err != nil && err != io.EOF && len(peek) == 0 {
			return 0, err
		}
		safe, found, dl := findDelim(peek, p.delim, p.atStart, end, len(peek) == p.br.Size())
		if safe > 0 {
			n := copy(b, peek[:safe])
			p.br.Discard(n)
			p.n += int64(n)
			p.atStart = false
			return n, nil
		}
		if found {
			p.delimLine = append(p.delimLine[:0], peek[:dl]...)
			p.closing = isClose(peek[:dl], p.delim)
			p.br.Discard(dl)
			p.done = true
			return 0, io.EOF
		}
		if end {
			p.done, p.eof = true, true
			if err == io.EOF {
				return 0, io.EOF
			}
			return 0, err
		}
		want = p.br.Size()
	}
}

// isClose reports whether the delimiter line d is the close delimiter.
func isClose(d, delim []byte) bool {
	i := bytes.Index(d, delim) + len(delim)
	return bytes.HasPrefix(d[i:], []byte("--"))
}

// findDelim finds the first delimiter line in b, which ends the input if
// end, and is a full buffer if full. It returns how many bytes of b are
// surely content (safe), and, when safe is 0, whether a delimiter starts
// at b[0] (found) and its length with its line breaks (dl); neither means
// that more bytes are needed, which happens only when b is neither full
// nor the end. A delimiter
// line that a full buffer cannot hold is content.
func findDelim(b, delim []byte, atStart, end, full bool) (safe int, found bool, dl int) {
	from := 0
	for {
		i := bytes.Index(b[from:], delim)
		if i < 0 {
			break
		}
		k := from + i
		from = k + 1
		if k == 0 && !atStart || k > 0 && b[k-1] != '\n' {
			continue
		}
		ls := k // the start of the delimiter with its line break
		if k > 0 {
			ls--
			if ls > 0 && b[ls-1] == '\r' {
				ls--
			}
		}
		j := k + len(delim)
		undecided := false
		if j+2 > len(b) && !end {
			undecided = true
		} else if bytes.HasPrefix(b[j:], []byte("--")) {
			j += 2
		}
		for !undecided && j < len(b) && (b[j] == ' ' || b[j] == '\t') {
			j++
		}
		ok := false
		switch {
		case undecided:
		case j == len(b):
			undecided = !end
			ok = end
		case b[j] == '\n':
			ok, j = true, j+1
		case b[j] == '\r' && j+1 < len(b) && b[j+1] == '\n':
			ok, j = true, j+2
		case b[j] == '\r' && j+1 == len(b) && !end:
			undecided = true
		}
		if undecided {
			if ls == 0 && full {
				continue // a delimiter line longer than the buffer: content
			}
			return ls, false, 0
		}
		if !ok {
			continue
		}
		if ls > 0 {
			return ls, false, 0
		}
		return 0, true, j
	}
	if end {
		return len(b), false, 0
	}
	// Keep what could be the line break and the start of a delimiter,
	// unless the buffer is too small for a delimiter line anyway.
	if n := len(b) - len(delim) - 2; n > 0 {
		return n, false, 0
	}
	if !full {
		return 0, false, 0 // undecided: more bytes are needed
	}
	return len(b), false, 0
}

// An mboxReader reads one message of an mbox from br: the lines up to the
// next separator (see startsMessage), without the empty line before it.
// The separator line that ends the message is kept in sep.
type mboxReader struct {
	br    *bufio.Reader
	out   []byte // bytes to return
	held  []byte // an empty line held back: it may come before a separator
	line  []byte
	mid   bool  // the last chunk read did not end a line
	end   bool  // the message ended at a separator
	eof   bool  // the input ended
	err   error // a read error
	sep   []byte
	n     int64 // bytes returned
	extra int64 // bytes read but not returned (the held empty line before a separator)
	safe  int   // buffered bytes known to be whole lines of the message
}

func (m *mboxReader) reset(br *bufio.Reader) {
	*m = mboxReader{br: br, out: m.out[:0], held: m.held[:0], line: m.line[:0], sep: m.sep[:0]}
}

func (m *mboxReader) Read(b []byte) (int, error) {
	if len(m.out) == 0 && !m.end && !m.eof && m.err == nil && !m.mid && len(m.held) == 0 {
		// Fast path: whole lines straight from the buffer.
		if m.safe == 0 {
			m.safe = m.safeLines()
		}
		if m.safe > 0 {
			buf, _ := m.br.Peek(m.safe)
			n := copy(b, buf)
			m.br.Discard(n)
			m.safe -= n
			m.n += int64(n)
			return n, nil
		}
	}
	for len(m.out) == 0 {
		if m.end || m.eof {
			return 0, io.EOF
		}
		if m.err != nil {
			return 0, m.err
		}
		m.next()
	}
	n := copy(b, m.out)
	m.out = m.out[n:]
	m.n += int64(n)
	return n, nil
}

// safeLines returns how many of the buffered bytes, from a line start,
// are whole lines that cannot end the message: all the lines before the
// last one that could be an empty line before a separator, that is,
// before the line that ends before the first "From " line, or before the
// last whole line.
func (m *mboxReader) safeLines() int {
	if m.br.Buffered() == 0 {
		m.br.Peek(1)
	}
	buf, _ := m.br.Peek(m.br.Buffered())
	k := bytes.Index(buf, []byte("\nFrom "))
	if k < 0 {
		k = bytes.LastIndexByte(buf, '\n')
	}
	if k < 0 {
		return 0
	}
	return bytes.LastIndexByte(buf[:k], '\n') + 1
}

// next reads a chunk of a line and decides what it is.
func (m *mboxReader) next() {
	s, err := m.br.ReadSlice('\n')
	lineStart := !m.mid
	m.mid = err == bufio.ErrBufferFull
	m.line = append(m.line[:0], s...)
	if err != nil && err != bufio.ErrBufferFull {
		if err == io.EOF {
			m.eof = true
		} else {
			m.err = err
		}
	}
	switch {
	case lineStart && !m.mid && isBlankLine(m.line):
		// Hold the last empty line: it belongs to a separator that follows.
		m.out = append(m.out[:0], m.held...)
		m.held = append(m.held[:0], m.line...)
		if m.eof || m.err != nil {
			m.out = append(m.out, m.held...)
			m.held = m.held[:0]
		}
		return
	case lineStart && len(m.held) > 0 && bytes.HasPrefix(m.line, []byte("From ")) &&
		startsMessage(m.br, false, m.line):
		m.extra = int64(len(m.held))
		m.held = m.held[:0]
		m.sep = append(m.sep[:0], m.line...)
		m.end = true
		if m.mid { // a separator longer than the buffer: read it all
			for m.mid {
				s, err := m.br.ReadSlice('\n')
				m.sep = append(m.sep, s...)
				m.mid = err == bufio.ErrBufferFull
			}
		}
		return
	}
	m.out = append(append(m.out[:0], m.held...), m.line...)
	m.held = m.held[:0]
}
