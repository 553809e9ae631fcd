package mail

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/rewrite"
)

// An edit is a change the document rewriter made, with its new bytes kept
// in job.arena.
type edit struct {
	off, n int
	b0, b1 int // the new bytes: arena[b0:b1]
}

// The wrapper of a text/plain part linkified into HTML: white-space:
// pre-wrap keeps the line breaks and runs of spaces of the text, as a mail
// reader shows plain text, while still wrapping long lines.
const (
	htmlOpen  = `<div style="white-space: pre-wrap">`
	htmlClose = `</div>`
	wbr       = `<wbr>`
)

// partRunFor returns how a text part of media type mt with header h,
// read in charset cs, is rewritten: as HTML or as text, linkified into
// HTML, unflowed (format=flowed, RFC 3676; never UTF-16, whose line
// breaks are not the bytes unflowing looks for).
func (j *job) partRunFor(h *partHeader, mt string, cs *charset.Charset) partRun {
	utf16 := cs == charset.UTF16LE || cs == charset.UTF16BE
	p := partRun{
		toHTML: mt == "text/plain" && j.o.To == rewrite.Link,
		flowed: mt == "text/plain" && h.flowed && !utf16,
		format: rewrite.Text,
	}
	p.delSp = p.flowed && h.delSp
	if mt == "text/html" {
		p.format = rewrite.HTML
	}
	return p
}

// partDoc sets up the job's document rewriter for a part run as p says, in
// charset cs: each edit goes to record, and the links a linkified part gains
// are counted in j.links. The caller sets OnError, and clears both hooks
// after the rewrite.
func (j *job) partDoc(p *partRun, cs *charset.Charset, record func(rewrite.Edit)) *rewrite.Rewriter {
	j.errs, j.links = j.errs[:0], 0
	if p.toHTML {
		j.linkPfx, _ = cs.Encode(j.linkPfx[:0], "<a href=", charset.FallbackError)
	}
	d := &j.doc
	d.Options = j.o.document(p.format, cs)
	toHTML := p.toHTML
	d.OnEdit = func(e rewrite.Edit) {
		if toHTML && bytes.Contains(e.New, j.linkPfx) {
			j.links++
		}
		record(e)
	}
	return d
}

// textPart rewrites the text part msg[s:e], whose body starts at bs.
func (j *job) textPart(msg []byte, s, bs, e int, h *partHeader, mt string, top bool) {
	raw := msg[bs:e]
	core, tail := splitTail(raw)
	if len(core) == 0 {
		return
	}
	cte := h.cte
	identity := isIdentity(cte)
	body := core
	if !identity {
		var err error
		switch cte {
		case "quoted-printable":
			// The decoded body is never longer than the encoded.
			j.dec, err = decodeQP(grow(j.dec[:0], len(core)), core)
		case "base64":
			j.dec, err = decodeBase64(j.dec[:0], core)
		default:
			err = errors.New("unhandled encoding " + strconv.Quote(cte))
		}
		if err != nil {
			j.partErrorIn(s, e, err)
			return
		}
		body = j.dec
	}
	asciiLabel := !h.hasCT || len(h.charset) == 0 || isASCIILabel(h.charset)
	var cs *charset.Charset
	if asciiLabel {
		// US-ASCII (the default, RFC 2045 Section 5.2) is read as UTF-8,
		// of which it is a subset; non-ASCII output makes it utf-8.
		var n int
		if cs, n = charset.BOM(body); cs == nil || n == 0 {
			cs = charset.UTF8
		}
	} else {
		var err error
		if cs, err = j.charsetOf(h, body); err != nil {
			j.partErrorIn(s, e, err)
			return
		}
	}
	p := j.partRunFor(h, mt, cs)
	bodyOff := j.msgOff + int64(bs)
	nb, res, err := j.runPart(&p, body, cs, identity, bodyOff)
	switched := false
	var ee *charset.EncodeError
	if err != nil && errors.As(err, &ee) {
		// The charset cannot represent the result: the part is
		// rewritten in UTF-8.
		u8, derr := cs.NewDecoder().Bytes(body)
		if derr != nil {
			j.partErrorIn(s, e, derr)
			return
		}
		u8 = bytes.Clone(u8)
		cs, switched = charset.UTF8, true
		nb, res, err = j.runPart(&p, u8, cs, false, bodyOff)
	}
	if err != nil {
		j.partErrorIn(s, e, err)
		return
	}
	j.res.Matches += res.Matches
	j.res.Failed += res.Failed
	j.res.Invalid += res.Invalid
	if res.Edits == 0 {
		return
	}

	st := nb.stats()
	eol := "\n"
	if bytes.Contains(raw, []byte("\r\n")) || len(raw) == 0 && bytes.Contains(msg[s:bs], []byte("\r\n")) {
		eol = "\r\n"
	}
	hdr := msg[s:bs]
	newHdr, newCTE, ok := j.newHeader(hdr, cte, p.toHTML, switched || asciiLabel && st.nonASCII, st, top)
	// The body is encoded while it is written (see text).
	j.nb, j.nbCTE, j.nbCS, j.nbEOL, j.nbTail = nb, newCTE, cs, eol, tail
	if !ok {
		j.partErrorIn(s, e, errors.New("cannot edit the Content-Type field"))
		return
	}
	if !bytes.Equal(newHdr, hdr) {
		j.splices = append(j.splices, splice{start: s, end: bs, b: newHdr})
	}
	j.splices = append(j.splices, splice{start: bs, end: e, body: true})
	j.res.Edits += res.Edits
}

// newHeader returns the header hdr of a part rewritten with the new body
// st tells of, and the body's transfer encoding: the media type becomes
// text/html if toHTML, the charset utf-8 if toUTF8, and a 7bit or 8bit
// body that no longer fits its encoding (or, in an mbox, has a line that
// starts with "From ") becomes quoted-printable.
func (j *job) newHeader(hdr []byte, cte string, toHTML, toUTF8 bool, st bodyStats, top bool) ([]byte, string, bool) {
	var he headerEdit
	if toHTML {
		he.mediaType = "text/html"
	}
	if toUTF8 {
		he.charset = "utf-8"
	}
	newCTE := cte
	switch {
	case (cte == "" || cte == "7bit") && (st.nonASCII || st.long),
		cte == "8bit" && st.long,
		j.mbox && isIdentity(cte) && st.from:
		newCTE = "quoted-printable"
		he.cte = newCTE
	}
	newHdr, ok := he.apply(hdr, top)
	return newHdr, newCTE, ok
}

// partRun says how a text part is rewritten.
type partRun struct {
	toHTML bool // linkify text/plain into an HTML fragment
	flowed bool // format=flowed
	delSp  bool // DelSp=yes
	format rewrite.Format
}

// runPart rewrites the decoded body of a text part, in charset cs, and returns
// the new body (in cs, before transfer encoding). exact says that body
// offsets are file offsets from bodyOff on. Edits is 0 if nothing changes.
func (j *job) runPart(p *partRun, body []byte, cs *charset.Charset, exact bool, bodyOff int64) (newBody, rewrite.Result, error) {
	u := body
	j.dels = j.dels[:0]
	if p.flowed {
		j.u, j.dels = unflow(body, p.delSp, j.u[:0], j.dels)
		u = j.u
	}
	j.edits, j.arena = j.edits[:0], j.arena[:0]
	d := j.partDoc(p, cs, func(e rewrite.Edit) {
		b0 := len(j.arena)
		j.arena = append(j.arena, e.New...)
		j.edits = append(j.edits, edit{int(e.Offset), int(e.Length), b0, len(j.arena)})
	})
	d.OnError = nil
	if j.o.OnError != nil {
		d.OnError = func(e *rewrite.ConvertError) {
			c := *e
			c.Text = strings.Clone(c.Text)
			j.errs = append(j.errs, c)
		}
	}
	j.out.Reset()
	var w io.Writer = io.Discard // the new body is body with the edits
	if p.toHTML {
		w = &j.out
	}
	j.rd.Reset(u)
	res, err := d.Rewrite(w, &j.rd)
	d.OnEdit, d.OnError = nil, nil
	if err != nil {
		return newBody{}, res, err
	}
	// Report the IRIs that could not be converted, at file offsets.
	if len(j.errs) > 0 {
		m := unflowMap{dels: j.dels}
		for i := range j.errs {
			c := &j.errs[i]
			if exact {
				st := m.start(int(c.Offset))
				en := unflowMap{dels: j.dels}
				c.Length = int64(en.end(int(c.Offset+c.Length)) - st)
				c.Offset = bodyOff + int64(st)
			} else {
				c.Offset, c.Length = bodyOff, int64(len(body))
			}
			j.o.OnError(c)
		}
	}
	if p.toHTML && j.links == 0 {
		res.Edits = 0 // only escapes: the part stays plain text
	}
	if res.Edits == 0 {
		return newBody{}, res, nil
	}
	if p.toHTML {
		return newBody{whole: j.wrapHTML(j.out.Bytes(), cs, p.delSp)}, res, nil
	}
	// The new body is body with the edits. With format=flowed, text
	// outside the rewritten IRIs keeps its soft line breaks; an IRI that
	// spanned soft breaks is written unbroken in their place.
	if len(j.dels) > 0 {
		m := unflowMap{dels: j.dels}
		for i, e := range j.edits {
			st := m.start(e.off)
			en := m.end(e.off + e.n)
			j.edits[i].off, j.edits[i].n = st, en-st
		}
	}
	return newBody{body: body, edits: j.edits, arena: j.arena}, res, nil
}

// wrapHTML turns the linkified text out, in charset cs, into the HTML
// fragment of a text/plain part: a soft line break of DelSp=yes text
// becomes <wbr> (with DelSp=no its space stays and is the break
// opportunity), and the whole is wrapped in a pre-wrap div, after a byte
// order mark if there is one.
func (j *job) wrapHTML(out []byte, cs *charset.Charset, delSp bool) []byte {
	if delSp {
		var b []byte
		k, shift, last := 0, 0, 0
		for _, d := range j.dels {
			if !d.soft {
				continue
			}
			for k < len(j.edits) && j.edits[k].off+j.edits[k].n <= d.u {
				shift += (j.edits[k].b1 - j.edits[k].b0) - j.edits[k].n
				k++
			}
			if k < len(j.edits) && j.edits[k].off < d.u {
				continue // inside a link
			}
			x := d.u + shift
			b = append(b, out[last:x]...)
			b = append(b, wbr...)
			last = x
		}
		out = append(b, out[last:]...)
	}
	_, n := charset.BOM(out)
	open, _ := cs.Encode(nil, htmlOpen, charset.FallbackError)
	cl, _ := cs.Encode(nil, htmlClose, charset.FallbackError)
	b := make([]byte, 0, len(out)+len(open)+len(cl))
	b = append(b, out[:n]...)
	b = append(b, open...)
	b = append(b, out[n:]...)
	return append(b, cl...)
}

// splitTail splits the line breaks at the end of a body from the rest.
func splitTail(b []byte) (core, tail []byte) {
	i := len(b)
	for i > 0 && (b[i-1] == '\n' || b[i-1] == '\r') {
		i--
	}
	return b[:i], b[i:]
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// isASCIILabel reports whether a charset label names US-ASCII (the IANA
// aliases), which the WHATWG Encoding Standard reads as windows-1252.
func isASCIILabel(b []byte) bool {
	l := string(b)
	if !isASCII(b) || len(l) > 0 && (isASCIISpace(l[0]) || isASCIISpace(l[len(l)-1])) {
		l = strings.TrimSpace(l)
	}
	if len(l) > len("ansi_x3.4-1968") {
		return false
	}
	var low [len("ansi_x3.4-1968")]byte
	for i := range len(l) {
		c := l[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[i] = c
	}
	switch string(low[:len(l)]) {
	case "us-ascii", "ascii", "us", "ansi_x3.4-1968", "iso646-us", "iso-ir-6",
		"ansi_x3.4-1986", "iso_646.irv:1991", "cp367", "ibm367", "csascii":
		return true
	}
	return false
}

// partErrorIn reports the part at bytes [s, e) of the buffer that
// textPart rewrites.
func (j *job) partErrorIn(s, e int, err error) {
	j.partError(j.msgOff+int64(s), j.msgOff+int64(e), err)
}
