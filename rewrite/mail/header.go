package mail

import (
	"bytes"
	"strings"
)

// A headerEdit is what changes in the header of a rewritten part.
type headerEdit struct {
	mediaType string // new media type (text/html), dropping format and delsp
	charset   string // new charset parameter (utf-8)
	cte       string // new Content-Transfer-Encoding (quoted-printable)
}

// apply returns the header hdr (its raw bytes, up to and including the
// empty line that ends it) with the edits made. Only the bytes of what
// changes are touched: the media type, the value of the charset parameter,
// the format and delsp parameters, the value of Content-Transfer-Encoding;
// everything else, folding and comments included, is kept. A field that is
// missing is added at the end of the header, with MIME-Version at the top
// level if that is missing too. It reports false if the Content-Type field
// cannot be read (go-message read it, so this does not happen in practice).
//
// The values are edited here, in the raw bytes, because go-message's
// Header can only add fields at the top or delete them, and would re-fold
// and re-encode a field it writes.
func (he *headerEdit) apply(hdr []byte, top bool) ([]byte, bool) {
	if he.mediaType == "" && he.charset == "" && he.cte == "" {
		return hdr, true
	}
	eol := "\n"
	if bytes.Contains(hdr, []byte("\r\n")) {
		eol = "\r\n"
	}
	out := make([]byte, 0, len(hdr)+64)
	var add []string
	haveCT, haveCTE, haveMV := false, false, false
	last := 0
	var fs [32]field
	for _, f := range fields(hdr, fs[:0]) {
		// The names are printable ASCII (the header was read): ASCII
		// case folding is Unicode's here.
		name := bytes.Trim(hdr[f.s:f.colon], " \t")
		v := hdr[f.colon+1 : f.e]
		switch {
		case asciiEqualFold(name, "mime-version"):
			haveMV = true
		case asciiEqualFold(name, "content-type"):
			if haveCT {
				continue // go-message reads the first one
			}
			haveCT = true
			if he.mediaType == "" && he.charset == "" {
				continue
			}
			nv, ok := he.contentType(v)
			if !ok {
				return hdr, false
			}
			out = append(out, hdr[last:f.colon+1]...)
			out = append(out, nv...)
			last = f.e
		case asciiEqualFold(name, "content-transfer-encoding"):
			if haveCTE {
				continue
			}
			haveCTE = true
			if he.cte == "" {
				continue
			}
			i := f.colon + 1
			for i < f.e && (hdr[i] == ' ' || hdr[i] == '\t') {
				i++
			}
			k := i
			for k < f.e && isToken(hdr[k]) {
				k++
			}
			out = append(out, hdr[last:i]...)
			out = append(out, he.cte...)
			last = k
		}
	}
	if !haveCT && (he.mediaType != "" || he.charset != "") {
		t := he.mediaType
		if t == "" {
			t = "text/plain"
		}
		if he.charset != "" {
			t += "; charset=" + he.charset
		}
		if top && !haveMV {
			add = append(add, "MIME-Version: 1.0")
		}
		add = append(add, "Content-Type: "+t)
	}
	if !haveCTE && he.cte != "" {
		add = append(add, "Content-Transfer-Encoding: "+he.cte)
	}
	end := len(hdr)
	if len(add) > 0 {
		// Before the empty line that ends the header.
		switch {
		case bytes.HasSuffix(hdr, []byte("\r\n")):
			end -= 2
		case bytes.HasSuffix(hdr, []byte("\n")):
			end--
		}
		// A header without the empty line (cut at the end of the
		// input) has none to keep.
	}
	out = append(out, hdr[last:end]...)
	for _, a := range add {
		out = append(out, a...)
		out = append(out, eol...)
	}
	return append(out, hdr[end:]...), true
}

// A field is a header field in the raw header: [s, e) from its name to the
// end of its value, before the line break that ends its last line.
type field struct{ s, colon, e int }

// fields appends the fields of the raw header hdr to fs.
func fields(hdr []byte, fs []field) []field {
	for ls := 0; ls < len(hdr); {
		le, next := lineEnd(hdr, ls)
		if le == ls {
			break // the empty line
		}
		if hdr[ls] == ' ' || hdr[ls] == '\t' {
			if n := len(fs); n > 0 {
				fs[n-1].e = le
			}
			ls = next
			continue
		}
		if c := bytes.IndexByte(hdr[ls:le], ':'); c >= 0 {
			fs = append(fs, field{ls, ls + c, le})
		}
		ls = next
	}
	return fs
}

// contentType returns the Content-Type value v with the edits made: the
// media type replaced, the format and delsp parameters removed, the charset
// value replaced or a charset parameter appended. The syntax is RFC 2045
// Section 5.1 with the comments and folding white space of RFC 5322.
func (he *headerEdit) contentType(v []byte) ([]byte, bool) {
	out := make([]byte, 0, len(v)+24)
	i := skipCFWS(v, 0)
	ts := i
	for i < len(v) && isToken(v[i]) {
		i++
	}
	i = skipCFWS(v, i)
	if i >= len(v) || v[i] != '/' {
		return nil, false
	}
	i = skipCFWS(v, i+1)
	for i < len(v) && isToken(v[i]) {
		i++
	}
	te := i
	if he.mediaType != "" {
		out = append(out, v[:ts]...)
		out = append(out, he.mediaType...)
	} else {
		out = append(out, v[:te]...)
	}
	last, end := te, te // copied up to last; end of the last value
	setCharset := false
	for {
		i = skipCFWS(v, i)
		if i >= len(v) || v[i] != ';' {
			break
		}
		semi := i
		i = skipCFWS(v, i+1)
		ns := i
		for i < len(v) && isToken(v[i]) {
			i++
		}
		name := v[ns:i] // token bytes: ASCII
		if len(name) == 0 {
			break // a trailing ";"
		}
		i = skipCFWS(v, i)
		if i >= len(v) || v[i] != '=' {
			return nil, false
		}
		i = skipCFWS(v, i+1)
		vs := i
		if i < len(v) && v[i] == '"' {
			for i++; i < len(v) && v[i] != '"'; i++ {
				if v[i] == '\\' {
					i++
				}
			}
			if i >= len(v) {
				return nil, false
			}
			i++
		} else {
			for i < len(v) && isToken(v[i]) {
				i++
			}
		}
		switch {
		case he.mediaType != "" && (asciiEqualFold(name, "format") || asciiEqualFold(name, "delsp")):
			out = append(out, v[last:semi]...)
			last = i
		case he.charset != "" && asciiEqualFold(name, "charset"):
			out = append(out, v[last:vs]...)
			if v[vs] == '"' {
				out = append(out, '"')
				out = append(out, he.charset...)
				out = append(out, '"')
			} else {
				out = append(out, he.charset...)
			}
			last = i
			setCharset = true
		}
		end = i
	}
	out = append(out, v[last:end]...)
	if he.charset != "" && !setCharset {
		out = append(out, "; charset="...)
		out = append(out, he.charset...)
	}
	return append(out, v[end:]...), true
}

// skipCFWS skips white space, line breaks and (nested) comments.
func skipCFWS(v []byte, i int) int {
	depth := 0
	for i < len(v) {
		switch c := v[i]; {
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case c == '\\' && depth > 0:
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		case depth == 0:
			return i
		}
		i++
	}
	return i
}

// isToken reports whether c may be in an RFC 2045 token.
func isToken(c byte) bool { return tokenByte[c] }

// tokenByte is true for the bytes of RFC 2045 tokens: printable ASCII but
// the tspecials.
var tokenByte = func() (t [256]bool) {
	for c := '!'; c <= '~'; c++ {
		t[c] = !strings.ContainsRune(`()<>@,;:\"/[]?=`, c)
	}
	return
}()
