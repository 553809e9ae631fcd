package mail

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/textproto"
)

// TestHeader reads real-world header forms. The expected values are what
// RFC 2045 (media type, parameters, transfer encoding; names and types
// case-insensitive), RFC 2183 (disposition), RFC 2231 (parameter
// continuations and charsets), RFC 3676 (format, delsp) and RFC 5322
// (folding, first field of a name) give, except where noted: there the
// header reader keeps go-message's reading (mime.ParseMediaType), which the
// output of main depends on. fast says that the fast path reads the header
// itself rather than leaving it to go-message.
func TestHeader(t *testing.T) {
	type want struct {
		mt       string // "" for a type the walk does not tell apart
		multi    bool
		charset  string
		boundary string
		flowed   bool
		delSp    bool
		att      bool
		cte      string
		ctErr    bool
	}
	tests := []struct {
		name string
		in   string
		fast bool
		want want
		err  bool // the header cannot be read
	}{
		{"plain", "Content-Type: text/plain; charset=utf-8\n\nbody", true,
			want{mt: "text/plain", charset: "utf-8"}, false},
		{"no Content-Type: text/plain, RFC 2045 5.2", "Subject: hi\n\n", true,
			want{mt: "text/plain"}, false},
		{"empty Content-Type", "Content-Type:\n\n", true,
			want{mt: "text/plain"}, false},
		{"case-insensitive type and names, CRLF", "content-TYPE: TEXT/HTML; CHARSET=Shift_JIS\r\n\r\n", true,
			want{mt: "text/html", charset: "Shift_JIS"}, false},
		{"folded parameters", "Content-Type: text/plain;\n\tcharset=\"ISO-2022-JP\";\n format=flowed; DelSp=Yes\n\n", true,
			want{mt: "text/plain", charset: "ISO-2022-JP", flowed: true, delSp: true}, false},
		{"quoted boundary with specials", "Content-Type: multipart/mixed; boundary=\"=_Part_1(x)\"\n\n", true,
			want{multi: true, boundary: "=_Part_1(x)"}, false},
		{"boundary folded inside its quotes", "Content-Type: multipart/alternative; boundary=\"abc\r\n def\"\r\n\r\n", true,
			want{multi: true, boundary: "abc def"}, false},
		{"multipart/digest", "Content-Type: Multipart/Digest; boundary=d\n\n", true,
			want{mt: "multipart/digest", multi: true, boundary: "d"}, false},
		{"message/rfc822", "Content-Type: message/rfc822\n\n", true,
			want{mt: "message/rfc822"}, false},
		{"other type", "Content-Type: application/pdf; name=a.pdf\n\n", true,
			want{}, false},
		{"first Content-Type counts", "Content-Type: text/html\nContent-Type: text/plain\n\n", true,
			want{mt: "text/html"}, false},
		{"space before the colon", "Content-Type : text/html\n\n", true,
			want{mt: "text/html"}, false},
		{"trailing semicolon", "Content-Type: text/plain; charset=utf-8;\n\n", true,
			want{mt: "text/plain", charset: "utf-8"}, false},
		{"same parameter twice, same value", "Content-Type: text/plain; charset=utf-8; charset=\"utf-8\"\n\n", true,
			want{mt: "text/plain", charset: "utf-8"}, false},
		{"transfer encoding, case and space", "Content-Transfer-Encoding:  Quoted-Printable \n\n", true,
			want{mt: "text/plain", cte: "quoted-printable"}, false},
		{"unknown transfer encoding", "Content-Transfer-Encoding: x-uuencode\n\n", true,
			want{mt: "text/plain", cte: "x-uuencode"}, false},
		{"attachment", "Content-Type: text/plain\nContent-Disposition: ATTACHMENT; filename=\"a b.txt\"\n\n", true,
			want{mt: "text/plain", att: true}, false},
		{"attachment, RFC 2231 filename", "Content-Disposition: attachment;\n filename*=utf-8''%E2%82%AC%20rates.txt\n\n", true,
			want{mt: "text/plain", att: true}, false},
		{"attachment, RFC 2231 continuations", "Content-Disposition: attachment; filename*0=\"a\"; filename*1=\"b.txt\"\n\n", true,
			want{mt: "text/plain", att: true}, false},
		{"inline", "Content-Disposition: inline\n\n", true,
			want{mt: "text/plain"}, false},
		{"header at the end of the input", "Content-Type: text/html", false,
			want{mt: "text/html"}, false},
		{"header without a body", "Content-Type: text/html\n", true,
			want{mt: "text/html"}, false},
		{"RFC 2231 charset", "Content-Type: text/plain; charset*=us-ascii'en'utf-8\n\n", false,
			want{mt: "text/plain", charset: "utf-8"}, false},
		{"RFC 2231 boundary continuation", "Content-Type: multipart/mixed; boundary*0=abc; boundary*1=def\n\n", false,
			want{multi: true, boundary: "abcdef"}, false},
		{"backslash in a quoted-string", "Content-Type: text/plain; name=\"C:\\dir\\a.txt\"; charset=\"utf\\-8\"\n\n", false,
			want{mt: "text/plain", charset: "utf\\-8"}, false},
		{"non-ASCII in the value", "Content-Type: text/plain; name=\"r\u00e9sum\u00e9.txt\"; charset=latin1\n\n", false,
			want{mt: "text/plain", charset: "latin1"}, false},
		// mime.ParseMediaType reads no comments (RFC 2045 allows them): the
		// value is an error, and the part is copied and reported.
		{"comments", "Content-Type: text/plain (plain text); charset=us-ascii\n\n", false,
			want{ctErr: true}, false},
		{"parameter given twice", "Content-Type: text/plain; charset=utf-8; charset=latin1\n\n", false,
			want{ctErr: true}, false},
		{"parameter without a value", "Content-Type: text/plain; charset\n\n", false,
			want{ctErr: true}, false},
		{"unclosed quote", "Content-Type: text/plain; charset=\"utf-8\n\n", false,
			want{ctErr: true}, false},
		{"no subtype after the slash", "Content-Type: text/; charset=utf-8\n\n", false,
			want{ctErr: true}, false},
		// RFC 5322 2.2: a field name has no space, a field has a colon,
		// the header does not start with a continuation line.
		{"space in a field name", "Bad Name: x\n\n", false, want{}, true},
		{"line without a colon", "Content-Type text/plain\n\n", false, want{}, true},
		{"continuation first", " folded: x\n\n", false, want{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var r headerReader
			_, fast := r.parse([]byte(tc.in), true)
			if fast != tc.fast {
				t.Errorf("fast path %v, want %v", fast, tc.fast)
			}
			br := bufio.NewReaderSize(strings.NewReader(tc.in), 16<<10)
			h, err := r.read(br)
			if (err != nil) != tc.err {
				t.Fatalf("error %v, want error %v", err, tc.err)
			}
			if err != nil {
				return
			}
			got := want{mt: h.mt, multi: h.multi, charset: string(h.charset), boundary: string(h.boundary),
				flowed: h.flowed, delSp: h.delSp, att: h.att, cte: h.cte, ctErr: h.ctErr != nil}
			if got != tc.want {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
			checkHeader(t, []byte(tc.in))
		})
	}
}

// checkHeader checks the fast header reader against go-message on b, the
// whole input: when the fast path reads b, or a prefix of it that it does
// not know to be the end, it must read what go-message reads and stop
// where it stops.
func checkHeader(t *testing.T, b []byte) {
	t.Helper()
	br := bufio.NewReaderSize(bytes.NewReader(b), 1<<20)
	th, err := textproto.ReadHeader(br)
	consumed := len(b) - br.Buffered()
	var slow headerReader
	if err == nil {
		slow.slowHeader(message.Header{Header: th})
	}
	for _, cut := range []int{len(b), len(b) / 2, len(b) - 1} {
		if cut < 0 {
			continue
		}
		var fast headerReader
		in := bytes.Clone(b[:cut])
		n, ok := fast.parse(in, cut == len(b))
		if !bytes.Equal(in, b[:cut]) {
			t.Fatalf("parse changed its input")
		}
		if !ok {
			continue
		}
		if err != nil {
			t.Fatalf("cut %d: fast path read a header go-message rejects (%v): %q", cut, err, b)
		}
		if n != consumed {
			t.Fatalf("cut %d: fast path read %d bytes, go-message %d: %q", cut, n, consumed, b)
		}
		f, s := &fast.h, &slow.h
		if s.ctErr != nil {
			t.Fatalf("cut %d: fast path read a Content-Type go-message rejects (%v): %q", cut, s.ctErr, b)
		}
		if f.hasCT != s.hasCT || f.mt != s.mt || f.multi != s.multi || f.att != s.att ||
			f.cte != s.cte || !bytes.Equal(f.charset, s.charset) || !bytes.Equal(f.boundary, s.boundary) ||
			f.flowed != s.flowed || f.delSp != s.delSp {
			t.Fatalf("cut %d: fast %+v\ngo-message %+v\nheader %q", cut, *f, *s, b)
		}
	}
}

// FuzzHeader: the fast header reader reads what go-message reads, or
// leaves the header to it.
func FuzzHeader(f *testing.F) {
	for _, s := range []string{
		"Content-Type: text/plain; charset=utf-8\n\nbody",
		"Content-Type: multipart/mixed;\r\n boundary=\"=_b\"\r\nContent-Transfer-Encoding: 7bit\r\n\r\n",
		"Content-Type: text/plain; format=flowed; delsp=yes\nContent-Disposition: attachment; filename*=utf-8''a%20b\n\n",
		"Content-Type: text/html; charset*=us-ascii'en'utf-8\n\n",
		"Content-Type: text/plain (c); charset=\"a\\\"b\"\n\n",
		"Subject: x\n\tfolded\nContent-Type : Text/Plain ; Charset = \"x\" ;\n\n",
		"Content-Type:\n\n",
		" x: y\n\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkHeader(t, b)
		var r headerReader
		br := bufio.NewReaderSize(iotestHalf(b), 16)
		r.read(br) // no panic through a small buffer
	})
}

// iotestHalf reads b a few bytes at a time.
func iotestHalf(b []byte) io.Reader {
	return &smallReader{b: b}
}

type smallReader struct{ b []byte }

func (r *smallReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), 3)], r.b)
	r.b = r.b[n:]
	return n, nil
}

// TestTokenBytes: RFC 2045 Section 5.1, token := 1*<any (US-ASCII) CHAR
// except SPACE, CTLs, or tspecials>.
func TestTokenBytes(t *testing.T) {
	const tspecials = "()<>@,;:\\\"/[]?="
	for c := range 256 {
		want := c > ' ' && c < 0x7f && !strings.ContainsRune(tspecials, rune(c))
		if isToken(byte(c)) != want {
			t.Errorf("isToken(%#x) = %v", c, !want)
		}
	}
}
