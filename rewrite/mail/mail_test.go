package mail

import (
	"bytes"
	"io"
	"mime/quotedprintable"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/rewrite"
)

var modes = map[string]rewrite.Form{
	"uri": rewrite.URI, "iri": rewrite.IRI, "display": rewrite.Display, "linkify": rewrite.Link,
}

func rewriteBytes(t testing.TB, in []byte, mode rewrite.Form) ([]byte, rewrite.Result) {
	t.Helper()
	var out bytes.Buffer
	res, err := Rewrite(&out, bytes.NewReader(in), Options{To: mode})
	if err != nil {
		t.Fatalf("Rewrite: %v", err)
	}
	if res.Read != int64(len(in)) || res.Written != int64(out.Len()) {
		t.Errorf("Read %d Written %d, want %d %d", res.Read, res.Written, len(in), out.Len())
	}
	return out.Bytes(), res
}

// eachGolden calls f in a subtest for each testdata/NAME.MODE.golden (written
// by testdata/gen.py from the standards) with testdata/NAME.eml, the mode
// and the golden output.
func eachGolden(t *testing.T, f func(t *testing.T, in []byte, mode rewrite.Form, want []byte)) {
	files, _ := filepath.Glob("testdata/*.golden")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, g := range files {
		base := strings.TrimSuffix(filepath.Base(g), ".golden")
		dot := strings.LastIndexByte(base, '.')
		name, mode := base[:dot], base[dot+1:]
		t.Run(base, func(t *testing.T) {
			in, err := os.ReadFile(filepath.Join("testdata", name+".eml"))
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(g)
			if err != nil {
				t.Fatal(err)
			}
			f(t, in, modes[mode], want)
		})
	}
}

// TestGolden compares the output for each testdata/NAME.eml with
// testdata/NAME.MODE.golden.
func TestGolden(t *testing.T) {
	eachGolden(t, func(t *testing.T, in []byte, mode rewrite.Form, want []byte) {
		got, res := rewriteBytes(t, in, mode)
		if !bytes.Equal(got, want) {
			t.Errorf("output differs\n got: %q\nwant: %q", got, want)
		}
		if !res.Changed() {
			t.Errorf("Changed() false")
		}
		checkDiff(t, in, got)
	})
}

// checkDiff checks that the lines that differ between in and out are body
// lines or the Content-Type and Content-Transfer-Encoding fields: no other
// header field, no delimiter, no mbox separator changes.
func checkDiff(t *testing.T, in, out []byte) {
	a, b := splitLines(in), splitLines(out)
	// Longest common subsequence of lines.
	n, m := len(a), len(b)
	l := make([][]int, n+1)
	for i := range l {
		l[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				l[i][j] = l[i+1][j+1] + 1
			} else {
				l[i][j] = max(l[i+1][j], l[i][j+1])
			}
		}
	}
	var changed []string
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			i++
			j++
		case j < m && (i == n || l[i][j+1] >= l[i+1][j]):
			changed = append(changed, b[j])
			j++
		default:
			changed = append(changed, a[i])
			i++
		}
	}
	for _, c := range changed {
		lc := strings.ToLower(c)
		switch {
		case strings.HasPrefix(lc, "content-type:"), strings.HasPrefix(lc, "content-transfer-encoding:"):
		case strings.HasPrefix(c, "--"), strings.HasPrefix(c, "From "),
			strings.HasPrefix(lc, "from:"), strings.HasPrefix(lc, "subject:"), strings.HasPrefix(lc, "mime-version:"),
			strings.HasPrefix(lc, "content-disposition:"):
			t.Errorf("line changed: %q", c)
		}
	}
}

func splitLines(b []byte) []string {
	return strings.SplitAfter(string(b), "\n")
}

// TestUnchanged: a mode that changes nothing leaves each file as it is.
func TestUnchanged(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.eml")
	for _, f := range files {
		in, _ := os.ReadFile(f)
		// ToIRI of messages whose IRIs are all in IRI form already, or
		// with URIs (the win1252/latin1 ones keep xn-- as IRI form
		// too), must be identity for all bytes outside IRIs.
		got, res := rewriteBytes(t, in, rewrite.IRI)
		if !res.Changed() && !bytes.Equal(got, in) {
			t.Errorf("%s: Changed() false but output differs", f)
		}
	}
	for _, in := range []string{
		"Subject: x\r\n\r\nno links here & <none>\r\n",
		"From: a@b\nContent-Type: text/plain; format=flowed\n\nsoft \nbreaks \nonly\n",
		"From x\n\nFrom y\n",
		"",
	} {
		for _, mode := range modes {
			got, res := rewriteBytes(t, []byte(in), mode)
			if res.Changed() || string(got) != in {
				t.Errorf("%v %q: got %q (changed %v)", mode, in, got, res.Changed())
			}
		}
	}
}

func TestMalformed(t *testing.T) {
	for _, in := range []string{
		// no closing delimiter
		"Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\nhttp://例え.jp/\n",
		// bad base64
		"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n!!!! http://例え.jp/\n",
		// unknown charset
		"Content-Type: text/plain; charset=x-unknown\n\nhttp://例え.jp/\n",
		// unknown transfer encoding
		"Content-Type: text/plain\nContent-Transfer-Encoding: x-uuencode\n\nhttp://例え.jp/\n",
	} {
		var perr int
		var out bytes.Buffer
		res, err := Rewrite(&out, strings.NewReader(in), Options{
			To: rewrite.URI,
			OnError: func(e *rewrite.ConvertError) {
				if _, ok := e.Err.(*PartError); ok {
					perr++
				}
			},
		})
		if err != nil || res.Changed() || out.String() != in {
			t.Errorf("%q: got %q, %v", in, out.String(), err)
		}
		if perr != 1 {
			t.Errorf("%q: %d part errors, want 1", in, perr)
		}
	}
}

func TestPartErrorOffset(t *testing.T) {
	// A bad part in the second message of an mbox is reported at its
	// offset in the file.
	in := "From a@example.org Mon Mar  4 10:00:00 2024\nFrom: a@example.org\nSubject: one\n\nhi\n\n" +
		"From b@example.org Mon Mar  4 10:00:01 2024\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\n!!! http://例え.jp/\n"
	var got []int64
	var out bytes.Buffer
	_, err := Rewrite(&out, strings.NewReader(in), Options{
		To:      rewrite.URI,
		OnError: func(e *rewrite.ConvertError) { got = append(got, e.Offset) },
	})
	if err != nil {
		t.Fatal(err)
	}
	want := int64(strings.Index(in, "Content-Type"))
	if len(got) != 1 || got[0] != want {
		t.Errorf("offsets %v, want [%d]", got, want)
	}
	if out.String() != in {
		t.Errorf("output changed: %q", out.String())
	}
}

func TestUnflow(t *testing.T) {
	// RFC 3676: DelSp=yes deletes the trailing space of a flowed line;
	// a quoted continuation loses its quote marks and stuffing space; a
	// line of another quote depth is not joined; "-- " is not flowed;
	// an unquoted stuffed line is unstuffed.
	body := "a \nb\n> c \n> d \ne\n-- \n  f\n"
	for _, tc := range []struct {
		delSp bool
		want  string
	}{
		{true, "ab\n> cd \ne\n-- \n f\n"},
		{false, "a b\n> c d \ne\n-- \n f\n"},
	} {
		u, dels := unflow([]byte(body), tc.delSp, nil, nil)
		if string(u) != tc.want {
			t.Errorf("delSp %v: %q, want %q", tc.delSp, u, tc.want)
		}
		// Every byte of u maps back to the same byte of body.
		m := unflowMap{dels: dels}
		for x := range len(u) {
			if y := m.start(x); body[y] != u[x] {
				t.Errorf("delSp %v: u[%d]=%q maps to body[%d]=%q", tc.delSp, x, u[x], y, body[y])
			}
		}
	}
}

func TestAddFields(t *testing.T) {
	// A message without MIME fields, linkified with a non-ASCII display
	// form: text/html; charset=utf-8, and quoted-printable because the
	// body was implicitly 7bit.
	in := "Subject: x\n\nsee http://例え.jp/\n"
	got, _ := rewriteBytes(t, []byte(in), rewrite.Link)
	hdr := "Subject: x\nMIME-Version: 1.0\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
	if !strings.HasPrefix(string(got), hdr) {
		t.Fatalf("header: %q", got)
	}
	body, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(string(got[len(hdr):]))))
	if err != nil {
		t.Fatal(err)
	}
	want := `<div style="white-space: pre-wrap">see <a href="http://xn--r8jz45g.jp/" dir="ltr">http://例え.jp/</a></div>` + "\n"
	if string(body) != want {
		t.Errorf("body %q, want %q", body, want)
	}
	// --to uri of the same message: ASCII, so nothing but the IRI changes.
	got, _ = rewriteBytes(t, []byte(in), rewrite.URI)
	if want := "Subject: x\n\nsee http://xn--r8jz45g.jp/\n"; string(got) != want {
		t.Errorf("uri: %q, want %q", got, want)
	}
}

// TestStreamingLimits: a multipart without its close delimiter has its
// delimited parts rewritten and its last part, which runs to the end of
// the input, copied, with one PartError.
func TestStreamingLimits(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"no close delimiter",
			"Content-Type: multipart/mixed; boundary=b\n\n--b\n\nhttp://例え.jp/a\n--b\n\nhttp://例え.jp/b\n",
			"Content-Type: multipart/mixed; boundary=b\n\n--b\n\nhttp://xn--r8jz45g.jp/a\n--b\n\nhttp://例え.jp/b\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var perr []error
			var out bytes.Buffer
			_, err := Rewrite(&out, strings.NewReader(tc.in), Options{
				OnError: func(e *rewrite.ConvertError) { perr = append(perr, e.Err) },
			})
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.want {
				t.Errorf("output %.200q", out.String())
			}
			if len(perr) != 1 {
				t.Errorf("errors %v, want one PartError", perr)
			} else if _, ok := perr[0].(*PartError); !ok {
				t.Errorf("error %T", perr[0])
			}
		})
	}
}
