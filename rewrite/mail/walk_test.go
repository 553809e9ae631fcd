package mail

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// walked is what a test keeps of a Part.
type walked struct {
	msg        int
	path, typ  string
	body       string // decoded to UTF-8
	offset     int64
	attachment bool
	err        bool
}

func walkAll(t *testing.T, in string) []walked {
	t.Helper()
	var got []walked
	err := Walk(strings.NewReader(in), func(p *Part) error {
		w := walked{msg: p.Message, path: p.Path, typ: p.MediaType, offset: p.Offset, attachment: p.Attachment, err: p.Err != nil}
		if p.Err == nil {
			tr := p.Text()
			var b bytes.Buffer
			for {
				c, err := tr.Next()
				b.Write(c)
				if err != nil {
					break
				}
			}
			w.body = b.String()
		} else {
			var pe *PartError
			if !errors.As(p.Err, &pe) {
				t.Errorf("Err %T, want *PartError", p.Err)
			}
		}
		got = append(got, w)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// TestWalkPaths: the structure of the example of RFC 3501 Section 6.4.5,
// with text/html in place of text/richtext; the text parts are 1, 3.1,
// 4.2.1, 4.2.2.1 and 4.2.2.2 as the RFC numbers them, and the octet-stream
// and GIF parts are skipped.
func TestWalkPaths(t *testing.T) {
	inner := func(b, text string) string {
		return "From: x@example.org\nContent-Type: multipart/mixed; boundary=" + b + "\n\n--" + b +
			"\nContent-Type: text/plain\n\n" + text + "\n--" + b + "\nContent-Type: application/octet-stream\n\nAAAA\n--" + b + "--\n"
	}
	in := "From: alice@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=top\n\npreamble\n" +
		"--top\nContent-Type: text/plain; charset=us-ascii\n\npart one\n" +
		"--top\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n" + b64("binary") + "\n" +
		"--top\nContent-Type: message/rfc822\n\n" + inner("m3", "part three one") + "\n" +
		"--top\nContent-Type: multipart/mixed; boundary=four\n\n" +
		"--four\nContent-Type: image/gif\nContent-Transfer-Encoding: base64\n\nR0lGODlh\n" +
		"--four\nContent-Type: message/rfc822\n\n" +
		"From: y@example.org\nContent-Type: multipart/mixed; boundary=m42\n\n" +
		"--m42\nContent-Type: text/plain\n\nfour two one\n" +
		"--m42\nContent-Type: multipart/alternative; boundary=alt\n\n" +
		"--alt\nContent-Type: text/plain\n\nalt plain\n--alt\nContent-Type: text/html\n\n<p>html</p>\n--alt--\n" +
		"--m42--\n" +
		"--four--\n" +
		"--top--\nepilogue\n"
	want := []walked{
		{path: "1", typ: "text/plain", body: "part one"},
		{path: "3.1", typ: "text/plain", body: "part three one"},
		{path: "4.2.1", typ: "text/plain", body: "four two one"},
		{path: "4.2.2.1", typ: "text/plain", body: "alt plain"},
		{path: "4.2.2.2", typ: "text/html", body: "<p>html</p>"},
	}
	got := walkAll(t, in)
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i, w := range want {
		t.Run(w.path, func(t *testing.T) {
			g := got[i]
			if g.path != w.path || g.typ != w.typ || g.body != w.body {
				t.Errorf("got %+v, want %+v", g, w)
			}
			if int(g.offset) != strings.Index(in, w.body) {
				t.Errorf("offset %d, want %d", g.offset, strings.Index(in, w.body))
			}
		})
	}
}

// TestWalkDecode: transfer encodings undone (RFC 2045 Section 6.7 and
// 6.8) and charsets decoded (WHATWG Encoding Standard), with the offsets
// of the bodies in the input and each message of an mbox numbered.
func TestWalkDecode(t *testing.T) {
	sjis := "\x97\xe1\x82\xa6" // 例え in Shift_JIS
	for _, tc := range []struct {
		name string
		in   string
		want []walked
	}{
		{"single message", "From: a@example.org\nSubject: x\n\nhello http://example.org/\n",
			[]walked{{path: "1", typ: "text/plain", body: "hello http://example.org/\n"}}},
		{"quoted-printable utf-8",
			"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nVoir http://=E4=BE=8B=E3=81=88.jp/ ic=\ni.\n",
			[]walked{{path: "1", typ: "text/plain", body: "Voir http://例え.jp/ ici.\n"}}},
		{"base64 shift_jis html",
			"Content-Type: text/html; charset=shift_jis\nContent-Transfer-Encoding: base64\n\n" + b64("<a href=\"http://"+sjis+".jp/\">x</a>") + "\n",
			[]walked{{path: "1", typ: "text/html", body: "<a href=\"http://例え.jp/\">x</a>"}}},
		{"windows-1252 label iso-8859-1",
			"Content-Type: text/plain; charset=iso-8859-1\n\nhttp://caf\xe9.example/ \x93quoted\x94\n",
			[]walked{{path: "1", typ: "text/plain", body: "http://café.example/ “quoted”\n"}}},
		{"alternative with attachment",
			"Content-Type: multipart/mixed; boundary=\"b 1\"\n\n--b 1\r\nContent-Type: text/plain\r\n\r\nsee http://example.org/\r\n--b 1\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=a.txt\r\n\r\nattached\r\n--b 1--\r\n",
			[]walked{{path: "1", typ: "text/plain", body: "see http://example.org/"}, {path: "2", typ: "text/plain", body: "attached", attachment: true}}},
		{"mbox",
			"From a@example.org Mon Mar  4 10:00:00 2024\nFrom: a@example.org\n\none\n\nFrom here on, prose.\n\n" +
				"From b@example.org Mon Mar  4 10:00:01 2024\nFrom: b@example.org\n\ntwo\n",
			[]walked{{msg: 0, path: "1", typ: "text/plain", body: "one\n\nFrom here on, prose.\n"}, {msg: 1, path: "1", typ: "text/plain", body: "two\n"}}},
		{"unknown charset", "Content-Type: text/plain; charset=x-unknown\n\ntext\n",
			[]walked{{path: "1", err: true}}},
		{"no close delimiter",
			"Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\nfirst\n--b\nContent-Type: text/plain\n\nsecond\n",
			[]walked{{path: "1", typ: "text/plain", body: "first"}, {path: "2", typ: "text/plain", body: "second\n"}, {path: "", err: true}}},
		{"delimiter look-alikes",
			"Content-Type: multipart/mixed; boundary=b\n\n--b\n\nx --b\n--bb\n--b x\n--b--\n",
			[]walked{{path: "1", typ: "text/plain", body: "x --b\n--bb\n--b x"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := walkAll(t, tc.in)
			if len(got) != len(tc.want) {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
			for i, w := range tc.want {
				g := got[i]
				if w.err {
					if !g.err || g.path != w.path {
						t.Errorf("part %d: got %+v, want an error at %q", i, g, w.path)
					}
					continue
				}
				g.offset = 0
				if g != w {
					t.Errorf("part %d: got %+v, want %+v", i, g, w)
				}
			}
		})
	}
}

// TestWalkOffsets: Offset is where the body starts in the input, and
// Text's Map gives offsets in the decoded body (here Shift_JIS bytes after
// base64 is undone).
func TestWalkOffsets(t *testing.T) {
	sjis := "see http://\x97\xe1\x82\xa6.jp/ now"
	in := "From a@example.org Mon Mar  4 10:00:00 2024\nFrom: a@example.org\n\nfirst\n\n" +
		"From b@example.org Mon Mar  4 10:00:01 2024\nFrom: b@example.org\nContent-Type: text/plain; charset=shift_jis\nContent-Transfer-Encoding: base64\n\n" +
		b64(sjis) + "\n"
	n := 0
	err := Walk(strings.NewReader(in), func(p *Part) error {
		n++
		if p.Message == 1 {
			if want := int64(strings.Index(in, b64(sjis))); p.Offset != want {
				t.Errorf("offset %d, want %d", p.Offset, want)
			}
			tr := p.Text()
			b, _ := tr.Next()
			i := strings.Index(string(b), " now")
			if i < 0 {
				t.Fatalf("text %q", b)
			}
			if got, want := tr.Map().SourceOffset(int64(i)), int64(strings.Index(sjis, " now")); got != want {
				t.Errorf("decoded offset %d, want %d", got, want)
			}
		}
		return nil
	})
	if err != nil || n != 2 {
		t.Errorf("%d parts, %v", n, err)
	}
}

// TestWalkStops: fn's error stops Walk and is returned.
func TestWalkStops(t *testing.T) {
	stop := errors.New("stop")
	n := 0
	in := "Content-Type: multipart/mixed; boundary=b\n\n--b\n\none\n--b\n\ntwo\n--b--\n"
	err := Walk(strings.NewReader(in), func(p *Part) error { n++; return stop })
	if err != stop || n != 1 {
		t.Errorf("%v after %d parts", err, n)
	}
	err = Walk(io.MultiReader(strings.NewReader(in[:20]), errReader{}), func(*Part) error { return nil })
	if err == nil {
		t.Errorf("read error not returned")
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

// TestWalkLongBoundary: a boundary longer than the read buffer (RFC 2046
// allows 70 characters) cannot be found; the multipart is reported, and
// Walk ends.
func TestWalkLongBoundary(t *testing.T) {
	b := strings.Repeat("b", 40<<10)
	in := "Content-Type: multipart/mixed; boundary=" + b + "\n\n--" + b + "\n\ntext\n--" + b + "--\n"
	got := walkAll(t, in)
	if len(got) != 1 || !got[0].err {
		t.Errorf("got %+v, want one error", got)
	}
}

// A part's decoded body and its error do not depend on how the source
// delivers its bytes, also for bodies a decoder rejects part-way (padding
// inside base64, characters outside its alphabet, a truncated group):
// whole, one byte at a time, in halves and with the error on the last
// read, Walk gives the same bytes and the same error.
func TestWalkBodyReadSizes(t *testing.T) {
	for _, body := range []string{
		"000=0000",
		"aGVsbG8=aGVsbG8=",
		"aGVs\nbG8=\nd29y\nbGQ=\n",
		"aGVsbG8gd29ybGQ",
		"aGVs*bG8g",
		"aG=Vs",
		"====",
		"aGVsbG8g\r\nd29ybGQ=\r\n",
	} {
		for _, cte := range []string{"base64", "quoted-printable"} {
			msg := "Content-Type: text/plain\nContent-Transfer-Encoding: " + cte + "\n\n" + body
			t.Run(cte+" "+body, func(t *testing.T) {
				walk := func(r io.Reader) string {
					var b strings.Builder
					err := Walk(r, func(p *Part) error {
						data, err := io.ReadAll(p.Body)
						fmt.Fprintf(&b, "%q %v\n", data, err)
						return nil
					})
					fmt.Fprintf(&b, "%v", err)
					return b.String()
				}
				want := walk(strings.NewReader(msg))
				for name, r := range map[string]io.Reader{
					"one byte": iotest.OneByteReader(strings.NewReader(msg)),
					"halves":   iotest.HalfReader(strings.NewReader(msg)),
					"data+err": iotest.DataErrReader(strings.NewReader(msg)),
				} {
					if got := walk(r); got != want {
						t.Errorf("%s: %s\nwhole: %s", name, got, want)
					}
				}
			})
		}
	}
}
