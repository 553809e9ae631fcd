package mail

// A deletion is a run of body bytes, [s, e), left out of the unflowed text
// at its offset u: a soft line break (with the trailing space when
// DelSp=yes, and the quote marks and stuffing space of the next line), or
// the stuffing space at the start of an unquoted line.
type deletion struct {
	u    int
	s, e int
	soft bool // a soft line break, where the text may wrap
}

// unflow undoes the format=flowed encoding (RFC 3676 Section 4) of body,
// which is in an ASCII-compatible charset: soft line breaks are joined
// (deleting the trailing space when delSp), the quote marks of a joined
// line and space-stuffing are removed. It appends the unflowed text to u
// and what it left out to dels.
//
// Lines are joined only when they have the same quote depth (Section 4.5:
// a flowed line followed by one of another depth is treated as fixed); the
// signature separator "-- " is never flowed. The quote marks and stuffing
// space of the first line of a quoted paragraph are kept, so that the text
// still shows the quotation.
func unflow(body []byte, delSp bool, u []byte, dels []deletion) ([]byte, []deletion) {
	last := 0
	del := func(s, e int, soft bool) {
		if e <= s {
			return
		}
		u = append(u, body[last:s]...)
		if n := len(dels); n > 0 && dels[n-1].e == s && dels[n-1].u == len(u) {
			dels[n-1].e = e
			dels[n-1].soft = dels[n-1].soft || soft
		} else {
			dels = append(dels, deletion{u: len(u), s: s, e: e, soft: soft})
		}
		last = e
	}
	joined := false // the current line continues the previous one
	for ls := 0; ls < len(body); {
		le, next := lineEnd(body, ls)
		q := depth(body, ls, le)
		cs := ls + q // content start, after quote marks
		if joined {
			if cs < le && body[cs] == ' ' {
				cs++
			}
			del(ls, cs, true)
		} else if q == 0 && ls < le && body[ls] == ' ' {
			cs++
			del(ls, cs, false)
		}
		joined = false
		c := body[cs:le]
		if len(c) > 0 && c[len(c)-1] == ' ' && string(c) != "-- " && next < len(body) {
			nle, _ := lineEnd(body, next)
			if depth(body, next, nle) == q {
				joined = true
				s := le
				if delSp {
					s--
				}
				del(s, next, true)
			}
		}
		ls = next
	}
	u = append(u, body[last:]...)
	return u, dels
}

// lineEnd returns the end of the line that starts at ls, before its line
// break, and the start of the next line.
func lineEnd(b []byte, ls int) (end, next int) {
	for i := ls; i < len(b); i++ {
		if b[i] == '\n' {
			if i > ls && b[i-1] == '\r' {
				return i - 1, i + 1
			}
			return i, i + 1
		}
	}
	return len(b), len(b)
}

// depth returns the number of quote marks at the start of the line [ls, le).
func depth(b []byte, ls, le int) int {
	n := 0
	for ls+n < le && b[ls+n] == '>' {
		n++
	}
	return n
}

// unflowMap maps offsets of the unflowed text back to the body; offsets
// must be asked in increasing order.
type unflowMap struct {
	dels []deletion
	k    int // deletions before k are at u < the last offset asked
	sum  int // their total length
}

// start maps the offset x of the first byte of a span: the deletions at x
// come before it.
func (m *unflowMap) start(x int) int {
	for m.k < len(m.dels) && m.dels[m.k].u <= x {
		m.sum += m.dels[m.k].e - m.dels[m.k].s
		m.k++
	}
	return x + m.sum
}

// end maps the offset y just past a span: the deletions at y come after it.
func (m *unflowMap) end(y int) int {
	for m.k < len(m.dels) && m.dels[m.k].u < y {
		m.sum += m.dels[m.k].e - m.dels[m.k].s
		m.k++
	}
	return y + m.sum
}
