package mail

import (
	"bufio"
	"bytes"
	"io"
	"strings"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/textproto"

	"github.com/iriscan/iriscan/charset"
)

// This file reads what the walk needs of an entity's header—the media
// type and its boundary, charset, format and delsp parameters, the
// transfer encoding, whether it is an attachment—straight from the raw
// header bytes, without a map or a string per field.
//
// The answer is, by construction and by test (TestHeaderDifferential,
// FuzzHeader), the one go-message gives: textproto.ReadHeader, then
// message.Header's ContentType and ContentDisposition (mime.ParseMediaType
// and RFC 2047 decoding of the parameters). The fast reader handles the
// forms mail has in practice: fields of printable ASCII, folded or not, with
// CRLF or LF, parameters as tokens or quoted-strings, RFC 2231 parameters
// other than the four it needs. Whatever it is not sure of—a header that
// go-message would reject, a header longer than the read buffer, a byte
// from 0x80 on in a field it reads (mime.ParseMediaType trims and
// lower-cases Unicode), a backslash in a quoted-string, an RFC 2231
// ("charset*=") or RFC 2047 ("=?") form of a parameter it needs—is left to
// go-message, which reads the header again from its first byte.

// A partHeader is what the walk needs of an entity's header.
type partHeader struct {
	hasCT bool   // there is a Content-Type field (even an empty one)
	mt    string // the media type, lower case, for the types the walk tells apart ("" for the others)
	multi bool   // the media type is multipart/*
	ctErr error  // the Content-Type value does not parse (slow path only)
	// ctText: ctErr, and the value starts with "text/" (the part is
	// reported as a text part that cannot be read).
	ctText   bool
	att      bool   // Content-Disposition: attachment
	cte      string // Content-Transfer-Encoding, trimmed and lower case
	charset  []byte // the charset parameter
	flowed   bool   // format=flowed
	delSp    bool   // delsp=yes
	boundary []byte // the boundary parameter
	// ct, set by the slow path only, is the Content-Type value for
	// charset.Detect, which reads its charset parameter again.
	ct   string
	slow bool
}

// knownType returns the constant string of a media type the walk tells
// apart, or "".
func knownType(mt []byte) string {
	for _, k := range [...]string{"text/plain", "text/html", "message/rfc822", "message/global", "multipart/digest"} {
		if string(mt) == k {
			return k
		}
	}
	return ""
}

// headerReader reads headers; its buffers are reused.
type headerReader struct {
	h      partHeader
	ct     []byte // unfolded field values
	cte    []byte
	cd     []byte
	params []param
}

// A param is a parameter of a media type: name and value are spans of the
// unfolded field value.
type param struct{ ns, ne, vs, ve int }

// read reads the header at the start of br, through its empty line, and
// returns it. It reads the way go-message does (see the top of this
// file), with its error.
func (r *headerReader) read(br *bufio.Reader) (*partHeader, error) {
	b, err := br.Peek(br.Size())
	if err == nil || err == io.EOF {
		if n, ok := r.parse(b, err == io.EOF); ok {
			br.Discard(n)
			return &r.h, nil
		}
	}
	th, err := textproto.ReadHeader(br)
	if err != nil {
		return nil, err
	}
	r.slowHeader(message.Header{Header: th})
	return &r.h, nil
}

// slowHeader fills r.h from a header go-message read.
func (r *headerReader) slowHeader(h message.Header) {
	r.h = partHeader{slow: true, charset: r.h.charset[:0], boundary: r.h.boundary[:0]}
	p := &r.h
	p.hasCT = h.Has("Content-Type")
	if p.hasCT {
		p.ct = h.Get("Content-Type")
		mt, params, err := h.ContentType()
		switch {
		case err != nil:
			p.ctErr = err
			p.ctText = strings.HasPrefix(strings.ToLower(strings.TrimSpace(p.ct)), "text/")
		default:
			p.mt, p.multi = knownType([]byte(mt)), strings.HasPrefix(mt, "multipart/")
			p.charset = append(p.charset, params["charset"]...)
			p.boundary = append(p.boundary, params["boundary"]...)
			p.flowed = strings.EqualFold(params["format"], "flowed")
			p.delSp = strings.EqualFold(params["delsp"], "yes")
		}
	} else {
		p.mt = "text/plain"
	}
	disp, _, _ := h.ContentDisposition()
	p.att = strings.EqualFold(disp, "attachment")
	p.cte = strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding")))
}

// parse reads the header at the start of b, which is the end of the input
// if end, and returns its length; ok is false when the fast path leaves it
// to go-message.
func (r *headerReader) parse(b []byte, end bool) (n int, ok bool) {
	r.h = partHeader{charset: r.h.charset[:0], boundary: r.h.boundary[:0]}
	r.ct, r.cte, r.cd = r.ct[:0], r.cte[:0], r.cd[:0]
	haveCT, haveCTE, haveCD := false, false, false
	if len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		return 0, false // "malformed MIME header initial line"
	}
	i := 0
	for {
		if i == len(b) {
			if !end {
				return 0, false
			}
			break // a header without a body
		}
		nl := bytes.IndexByte(b[i:], '\n')
		if nl < 0 {
			return 0, false // a line without its line break
		}
		le := i + nl // the line's content ends at le, or le-1 before CR
		ce := le
		if ce > i && b[ce-1] == '\r' {
			ce--
		}
		if ce == i {
			i = le + 1 // the empty line
			break
		}
		// The field ends with the last continuation line.
		fe := le + 1
		for fe < len(b) && (b[fe] == ' ' || b[fe] == '\t') {
			k := bytes.IndexByte(b[fe:], '\n')
			if k < 0 {
				return 0, false
			}
			fe += k + 1
		}
		if fe == len(b) && !end {
			return 0, false // a continuation line may follow
		}
		c := bytes.IndexByte(b[i:ce], ':')
		if c < 0 {
			return 0, false // no colon in the first line: go-message fails
		}
		c += i
		ks, ke := i, c
		for ks < ke && (b[ks] == ' ' || b[ks] == '\t') {
			ks++
		}
		for ke > ks && (b[ke-1] == ' ' || b[ke-1] == '\t') {
			ke--
		}
		for _, ch := range b[ks:ke] {
			if ch < '!' || ch > '~' {
				return 0, false // "malformed MIME header key"
			}
		}
		key := b[ks:ke]
		switch {
		case len(key) == 0:
			// go-message skips a field without a name.
		case !haveCT && asciiEqualFold(key, "content-type"):
			haveCT = true
			if r.ct, ok = unfold(r.ct, b[c+1:fe]); !ok {
				return 0, false
			}
		case !haveCTE && asciiEqualFold(key, "content-transfer-encoding"):
			haveCTE = true
			if r.cte, ok = unfold(r.cte, b[c+1:fe]); !ok {
				return 0, false
			}
		case !haveCD && asciiEqualFold(key, "content-disposition"):
			haveCD = true
			if r.cd, ok = unfold(r.cd, b[c+1:fe]); !ok {
				return 0, false
			}
		}
		i = fe
	}
	p := &r.h
	p.hasCT = haveCT
	p.mt = "text/plain"
	if len(r.ct) > 0 {
		mt, ok := r.mediaType(r.ct, false)
		if !ok {
			return 0, false
		}
		p.mt = knownType(mt)
		p.multi = bytes.HasPrefix(mt, []byte("multipart/"))
		for _, pr := range r.params {
			name, v := r.ct[pr.ns:pr.ne], r.ct[pr.vs:pr.ve]
			var dst *[]byte
			switch {
			case asciiEqualFold(name, "charset"):
				dst = &p.charset
			case asciiEqualFold(name, "boundary"):
				dst = &p.boundary
			case asciiEqualFold(name, "format"):
				p.flowed = asciiEqualFold(v, "flowed")
			case asciiEqualFold(name, "delsp"):
				p.delSp = asciiEqualFold(v, "yes")
			default:
				continue
			}
			if bytes.Contains(v, []byte("=?")) {
				return 0, false // RFC 2047 decoding
			}
			if dst != nil {
				*dst = append((*dst)[:0], v...)
			}
		}
	}
	if haveCD {
		mt, ok := r.mediaType(r.cd, true)
		if !ok {
			return 0, false
		}
		p.att = string(mt) == "attachment"
	}
	p.cte = cteString(r.cte)
	return i, true
}

// unfold appends to dst the field value v (from after the colon through
// the line break of its last line) as go-message's textproto gives it:
// each line without its line break (one CR before the LF) and trimmed of
// spaces and tabs, the lines that are left joined by one space. It reports
// false for a byte from 0x80 on.
func unfold(dst, v []byte) ([]byte, bool) {
	for len(v) > 0 {
		line := v
		if k := bytes.IndexByte(v, '\n'); k >= 0 {
			line, v = v[:k], v[k+1:]
		} else {
			v = nil
		}
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		s, e := 0, len(line)
		for s < e && (line[s] == ' ' || line[s] == '\t') {
			s++
		}
		for e > s && (line[e-1] == ' ' || line[e-1] == '\t') {
			e--
		}
		if s == e {
			continue
		}
		if len(dst) > 0 {
			dst = append(dst, ' ')
		}
		for _, c := range line[s:e] {
			if c >= 0x80 {
				return dst, false
			}
		}
		dst = append(dst, line[s:e]...)
	}
	return dst, true
}

// mediaType parses the unfolded ASCII value v as mime.ParseMediaType
// does, into r.params, and returns the media type (or disposition type,
// when disp: a type without a subtype is then allowed… as it is for
// mime.ParseMediaType in both cases) in lower case, in place in v. It reports
// false for a value mime.ParseMediaType rejects and for the forms the fast
// path leaves to it: a backslash in a quoted-string, an RFC 2231 form of a
// parameter the walk reads.
func (r *headerReader) mediaType(v []byte, disp bool) ([]byte, bool) {
	r.params = r.params[:0]
	base := len(v)
	if k := bytes.IndexByte(v, ';'); k >= 0 {
		base = k
	}
	s, e := 0, base
	for s < e && isASCIISpace(v[s]) {
		s++
	}
	for e > s && isASCIISpace(v[e-1]) {
		e--
	}
	for k := s; k < e; k++ {
		if 'A' <= v[k] && v[k] <= 'Z' {
			v[k] += 'a' - 'A'
		}
	}
	mt := v[s:e]
	// type ["/" subtype], tokens, nothing else.
	k := 0
	for k < len(mt) && isToken(mt[k]) {
		k++
	}
	if k == 0 {
		return nil, false
	}
	if k < len(mt) {
		if mt[k] != '/' {
			return nil, false
		}
		k++
		t := k
		for k < len(mt) && isToken(mt[k]) {
			k++
		}
		if k == t || k < len(mt) {
			return nil, false
		}
	}
	i := base
	for i < len(v) {
		for i < len(v) && isASCIISpace(v[i]) {
			i++
		}
		if i == len(v) {
			break
		}
		// consumeMediaParam, failing at start: only a trailing ";"
		// (white space around it) is no error.
		start := i
		pr, ok := consumeParam(v, i)
		if !ok {
			rest := v[start:]
			a, z := 0, len(rest)
			for a < z && isASCIISpace(rest[a]) {
				a++
			}
			for z > a && isASCIISpace(rest[z-1]) {
				z--
			}
			if z-a == 1 && rest[a] == ';' {
				break
			}
			return nil, false
		}
		name := v[pr.ns:pr.ne]
		if star := bytes.IndexByte(name, '*'); star >= 0 && !disp {
			switch base := name[:star]; {
			case asciiEqualFold(base, "charset"), asciiEqualFold(base, "boundary"),
				asciiEqualFold(base, "format"), asciiEqualFold(base, "delsp"):
				return nil, false // RFC 2231: left to mime.ParseMediaType
			}
		}
		// A parameter given twice with different values is an error.
		for _, q := range r.params {
			if asciiEqualFoldB(v[q.ns:q.ne], name) && !bytes.Equal(v[q.vs:q.ve], v[pr.vs:pr.ve]) {
				return nil, false
			}
		}
		r.params = append(r.params, pr.param)
		i = pr.end
	}
	return mt, true
}

// A parsed parameter and the offset after it.
type paramAt struct {
	param
	end int
}

// consumeParam reads "; name = value" at v[i:] as mime's consumeMediaParam.
func consumeParam(v []byte, i int) (paramAt, bool) {
	var p paramAt
	for i < len(v) && isASCIISpace(v[i]) {
		i++
	}
	if i == len(v) || v[i] != ';' {
		return p, false
	}
	i++
	for i < len(v) && isASCIISpace(v[i]) {
		i++
	}
	p.ns = i
	for i < len(v) && isToken(v[i]) {
		i++
	}
	p.ne = i
	if p.ne == p.ns {
		return p, false
	}
	for i < len(v) && isASCIISpace(v[i]) {
		i++
	}
	if i == len(v) || v[i] != '=' {
		return p, false
	}
	i++
	for i < len(v) && isASCIISpace(v[i]) {
		i++
	}
	if i < len(v) && v[i] == '"' {
		k := i + 1
		for k < len(v) && v[k] != '"' {
			if c := v[k]; c == '\\' || c == '\r' || c == '\n' {
				return p, false // an escape: left to mime; CR, LF: an error
			}
			k++
		}
		if k == len(v) {
			return p, false // no closing quote
		}
		p.vs, p.ve, p.end = i+1, k, k+1
		return p, true
	}
	p.vs = i
	for i < len(v) && isToken(v[i]) {
		i++
	}
	p.ve, p.end = i, i
	return p, p.ve > p.vs
}

// cteString returns the Content-Transfer-Encoding value v trimmed of
// white space and in lower case, as a constant string for the usual ones.
func cteString(v []byte) string {
	s, e := 0, len(v)
	for s < e && isASCIISpace(v[s]) {
		s++
	}
	for e > s && isASCIISpace(v[e-1]) {
		e--
	}
	v = v[s:e]
	for _, k := range [...]string{"", "7bit", "8bit", "binary", "quoted-printable", "base64"} {
		if asciiEqualFold(v, k) {
			return k
		}
	}
	return strings.ToLower(string(v))
}

// isASCIISpace is unicode.IsSpace for ASCII bytes.
func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// asciiEqualFold reports whether b is s in ASCII letters of either case.
func asciiEqualFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range len(b) {
		c, d := b[i], s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if 'A' <= d && d <= 'Z' {
			d += 'a' - 'A'
		}
		if c != d {
			return false
		}
	}
	return true
}

func asciiEqualFoldB(a, b []byte) bool { return asciiEqualFold(a, string(b)) }

// charsetOf returns the charset of a text part whose header h has a
// charset parameter that does not name US-ASCII, as charset.Detect decides
// it for mail: a byte order mark at the start of body, else the label.
// The labels met are looked up once.
func (j *job) charsetOf(h *partHeader, body []byte) (*charset.Charset, error) {
	if h.slow {
		cs, _, err := charset.Detect(body, charset.Hint{Format: charset.FormatMail, ContentType: h.ct})
		return cs, err
	}
	if cs, n := charset.BOM(body); n > 0 {
		return cs, nil
	}
	for _, c := range j.labels {
		if c.label == string(h.charset) {
			return c.cs, c.err
		}
	}
	cs, err := charset.Lookup(string(h.charset))
	if len(j.labels) < 16 {
		j.labels = append(j.labels, labelCharset{string(h.charset), cs, err})
	}
	return cs, err
}

// A labelCharset is a charset label and what charset.Lookup says of it.
type labelCharset struct {
	label string
	cs    *charset.Charset
	err   error
}
