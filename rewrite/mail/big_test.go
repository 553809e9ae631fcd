package mail

import (
	"bufio"
	"bytes"
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/iriscan/iriscan/rewrite"
)

// runLimited rewrites in with the in-memory limit lim (0: the default)
// and pieces of piece bytes (0: the default), and returns the output,
// the result, the error and what OnError received, printed.
func runLimited(t testing.TB, in []byte, o Options, lim int64, piece int) ([]byte, rewrite.Result, error, []string) {
	out, res, err, errs, _ := runLimitedN(t, in, o, lim, piece)
	return out, res, err, errs
}

// runLimitedN is runLimited that also returns how many parts took the
// streamed path.
func runLimitedN(t testing.TB, in []byte, o Options, lim int64, piece int) ([]byte, rewrite.Result, error, []string, int) {
	t.Helper()
	var errs []string
	o.OnError = func(e *rewrite.ConvertError) {
		errs = append(errs, fmt.Sprintf("%d+%d %q %v", e.Offset, e.Length, e.Text, e.Err))
	}
	var out bytes.Buffer
	j := newJob(&o)
	j.big.lim, j.big.pieceN = lim, piece
	j.w = &out
	err := j.run(bytes.NewReader(in))
	return out.Bytes(), j.res, err, errs, j.big.parts
}

// bigInputs returns the messages of the repository's test data and of
// the FuzzMail corpus.
func bigInputs(t testing.TB) map[string][]byte {
	t.Helper()
	in := map[string][]byte{}
	var files []string
	for _, g := range []string{"testdata/*.eml", "../../testdata/*.eml", "../../cmd/iriscan/testdata/*/*.eml", "../../testdata/*/*.eml"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in[f] = b
	}
	corpus, _ := filepath.Glob("testdata/fuzz/FuzzMail/*")
	for _, f := range corpus {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if s, ok := strings.CutPrefix(l, "[]byte("); ok {
				if u, err := strconv.Unquote(strings.TrimSuffix(s, ")")); err == nil {
					in[f] = []byte(u)
				}
			}
		}
	}
	for name, m := range bigCases {
		in["case "+name] = []byte(m)
	}
	if len(in) < 20 {
		t.Fatalf("only %d inputs", len(in))
	}
	return in
}

// bigCases are messages whose text parts take each way through the
// streamed path: transfer encodings, charsets (and a change to UTF-8),
// format=flowed with and without DelSp, line endings, structure.
var bigCases = map[string]string{
	"7bit to qp": "Content-Type: text/plain\n\nsee http://例え.jp/パス and more\nline two\n\n\n",
	"qp soft breaks": "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n" +
		"http://=E4=BE=8B=E3=81=88.jp/=E3=83=91=E3=82=B9 " + strings.Repeat("abc=3D", 20) + "=\n tail =\nend=20\n",
	"qp crlf": "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"<a href=3D\"http://=E4=BE=8B=E3=81=88.jp/\">x</a>\r\n<p>http://=E4=BE=8B.jp/</p>\r\n",
	"qp bad":          "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nhttp://例え.jp/\nbad \x01 byte\n",
	"qp bad soft":     "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nhttp://例え.jp/ = x\n",
	"qp final equals": "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nhttp://例え.jp/ abcdef=",
	"base64": "Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n" +
		lines(b64lines("<p>http://例え.jp/ and <a href=\"http://例え.jp/x\">x</a></p>\n")) + "\n",
	"base64 spaces": "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n" +
		strings.Join(strings.SplitAfter(b64lines("http://例え.jp/ "+strings.Repeat("y", 100)), "AA"), " \t") + "\n",
	"base64 truncated": "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n" +
		b64lines("http://例え.jp/ " + strings.Repeat("z", 200))[:150] + "\n",
	"base64 padding inside": "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n" +
		b64lines("http://例え.jp/") + b64lines("ab") + "\n",
	"base64 bad": "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n" +
		b64lines("http://例え.jp/ "+strings.Repeat("w", 90)) + "!!\n",
	"latin1 switch": "Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n" +
		"caf=E9 http://xn--r8jz45g.jp/ x\n",
	"latin1 8bit": "Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: 8bit\n\ncaf\xe9 http://例え.jp/ \xe9t\xe9\n",
	"flowed delsp": "Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\n\n" +
		"> see http://例 \n> え.jp/パス and \n> more text \n> here\n\n" + strings.Repeat("word ", 30) + "\nhttp://例え.jp/a \nb\n -- \nFrom here\n",
	"flowed": "Content-Type: text/plain; charset=utf-8; format=flowed\n\n" +
		"see http://例え.jp/パス and \nmore http://例 \nえ.jp/ text \n here\n\n>> q http://例え.jp/ \n>> r\n",
	"flowed crlf bad iri": "Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n\r\n" +
		"a http://例え.jp/%zz \r\nb http://[::1 \r\nc http://例え.jp/\r\n",
	"flowed qp latin1": "Content-Type: text/plain; charset=iso-8859-1; format=flowed\nContent-Transfer-Encoding: quoted-printable\n\n" +
		"caf=E9 http://xn--r8jz45g.jp/ \nnext http://xn--r8jz45g.jp/x\n",
	"bom":          "Content-Type: text/plain\n\n\xef\xbb\xbfhttp://例え.jp/ <b>&\n",
	"escapes only": "Content-Type: text/plain\n\na < b & c\n",
	"nested": "Content-Type: multipart/mixed; boundary=a\n\n--a\nContent-Type: multipart/alternative; boundary=b\n\n--b\n" +
		"Content-Type: text/plain; charset=utf-8\n\nhttp://例え.jp/1\n--b\nContent-Type: text/html; charset=utf-8\n\n<p>http://例え.jp/2</p>\n--b--\n" +
		"--a\nContent-Type: message/rfc822\n\nSubject: inner\nContent-Type: text/plain; charset=utf-8\n\nhttp://例え.jp/3\n--a--\n",
	"no close": "Content-Type: multipart/mixed; boundary=b\n\n--b\n\nhttp://例え.jp/a\n--b\n\nhttp://例え.jp/b\n",
	"mbox": "From a@example.org Mon Jan  1 00:00:00 2024\nSubject: x\n\nhttp://例え.jp/\nFrom b\n\n" +
		"From b@example.org Mon Jan  1 00:00:00 2024\nSubject: y\nContent-Type: text/plain; charset=utf-8\n\nhttp://例え.jp/y\n",
	"long line":     "Content-Type: text/plain; charset=us-ascii\nContent-Transfer-Encoding: 7bit\n\nhttp://xn--r8jz45g.jp/ " + strings.Repeat("x", 1200) + "\n",
	"utf16":         "Content-Type: text/plain; charset=utf-16le\nContent-Transfer-Encoding: base64\n\n" + b64lines(utf16le("http://例え.jp/ x\n")) + "\n",
	"only newlines": "Content-Type: text/plain\n\n\n\n\r\n",
}

func b64lines(s string) string {
	var b bytes.Buffer
	e := b64Writer{w: &b, eol: "\n"}
	e.write([]byte(s))
	e.close()
	return b.String()
}

func lines(s string) string { return s }

func utf16le(s string) string {
	var b []byte
	for _, r := range s {
		if r > 0xffff {
			continue
		}
		b = append(b, byte(r), byte(r>>8))
	}
	return string(b)
}

// TestStreamedSame checks that a text part rewritten through the
// temporary file gives what the in-memory path gives—output, counts,
// errors and their offsets—on every message of the test data, in each
// mode, with pieces of several sizes.
func TestStreamedSame(t *testing.T) {
	ins := bigInputs(t)
	streamed, changed := 0, 0
	defer func() {
		t.Logf("%d parts streamed, %d outputs changed, %d inputs", streamed, changed, len(ins))
		// Most inputs have a text part that changes.
		if streamed < len(ins) || changed < len(ins) {
			t.Errorf("%d parts streamed, %d outputs changed, of %d inputs", streamed, changed, len(ins))
		}
	}()
	for name, in := range ins {
		for _, to := range []rewrite.Form{rewrite.URI, rewrite.IRI, rewrite.Display, rewrite.Link} {
			o := Options{To: to, TempDir: t.TempDir()}
			want, wres, werr, wperr := runLimited(t, in, o, 0, 0)
			for _, piece := range []int{0, 1, 3, 64} {
				t.Run(fmt.Sprintf("%s/%v/%d", name, to, piece), func(t *testing.T) {
					got, res, err, perr, n := runLimitedN(t, in, o, 1, piece)
					streamed += n
					if res.Changed() {
						changed++
					}
					if fmt.Sprint(err) != fmt.Sprint(werr) {
						t.Fatalf("error %v, in memory %v", err, werr)
					}
					if !bytes.Equal(got, want) {
						t.Fatalf("output differs:\n%q\nin memory:\n%q", got, want)
					}
					if res != wres {
						t.Errorf("result %+v, in memory %+v", res, wres)
					}
					if strings.Join(perr, "\n") != strings.Join(wperr, "\n") {
						t.Errorf("errors:\n%s\nin memory:\n%s", strings.Join(perr, "\n"), strings.Join(wperr, "\n"))
					}
					if left, _ := filepath.Glob(filepath.Join(o.TempDir, "*")); len(left) > 0 {
						t.Errorf("temporary files left: %v", left)
					}
				})
			}
		}
	}
}

// TestStreamedSameFiles compares the two paths on the files named in
// $IRISCAN_MAIL_FILES (space-separated; the test is skipped without it),
// each text part held in memory whatever its size against the default
// limit, by the MD5 of the outputs: for the large generated messages of
// bench/ (docs/performance.md).
func TestStreamedSameFiles(t *testing.T) {
	files := strings.Fields(os.Getenv("IRISCAN_MAIL_FILES"))
	if len(files) == 0 {
		t.Skip("IRISCAN_MAIL_FILES not set")
	}
	forms := []rewrite.Form{rewrite.URI}
	if os.Getenv("IRISCAN_MAIL_ALL_FORMS") != "" {
		forms = append(forms, rewrite.IRI, rewrite.Display, rewrite.Link)
	}
	for _, f := range files {
		for _, to := range forms {
			t.Run(filepath.Base(f)+"/"+to.String(), func(t *testing.T) {
				sum := func(lim int64) (string, rewrite.Result, []string, int) {
					r, err := os.Open(f)
					if err != nil {
						t.Fatal(err)
					}
					defer r.Close()
					var errs []string
					o := Options{To: to, OnError: func(e *rewrite.ConvertError) {
						errs = append(errs, fmt.Sprintf("%d+%d %q %v", e.Offset, e.Length, e.Text, e.Err))
					}}
					j := newJob(&o)
					j.big.lim = lim
					h := md5.New()
					j.w = h
					if err := j.run(bufio.NewReader(r)); err != nil {
						t.Fatal(err)
					}
					return hex.EncodeToString(h.Sum(nil)), j.res, errs, j.big.parts
				}
				got, res, errs, n := sum(0)
				want, wres, werrs, _ := sum(1 << 40)
				t.Logf("%s: %d parts streamed, md5 %s, %+v", f, n, got, res)
				if got != want || res != wres || strings.Join(errs, "\n") != strings.Join(werrs, "\n") {
					t.Errorf("streamed md5 %s %+v %q\nin memory %s %+v %q", got, res, errs, want, wres, werrs)
				}
			})
		}
	}
}

// bigMessage returns a message with two text parts of about n bytes each
// (the first quoted-printable, the second base64 HTML), a nested
// multipart and a message/rfc822 part around them, each with IRIs to
// rewrite; and the offsets of the two large parts.
func bigMessage(n int) (msg string, parts []int) {
	var b strings.Builder
	b.WriteString("Subject: two large parts\nContent-Type: multipart/mixed; boundary=a\n\n--a\n")
	parts = append(parts, b.Len())
	b.WriteString("Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n")
	for b.Len() < n {
		b.WriteString("see http://=E4=BE=8B=E3=81=88.jp/=E3=83=91=E3=82=B9 and more text to fill the line up.\n")
	}
	b.WriteString("--a\nContent-Type: message/rfc822\n\nSubject: inner\nContent-Type: multipart/alternative; boundary=b\n\n--b\n")
	parts = append(parts, b.Len())
	b.WriteString("Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n")
	var page strings.Builder
	for page.Len() < n {
		page.WriteString("<p><a href=\"http://例え.jp/パス\">例</a> text</p>\n")
	}
	b.WriteString(b64lines(page.String()))
	b.WriteString("\n--b--\n--a--\n")
	return b.String(), parts
}

// TestStreamedNamedFile: where a file without a name cannot be made, a
// named temporary file is used and removed.
func TestStreamedNamedFile(t *testing.T) {
	defer func(f func(string) (*os.File, error)) { unnamed = f }(unnamed)
	unnamed = func(string) (*os.File, error) { return nil, errors.ErrUnsupported }
	msg, _ := bigMessage(64 << 10)
	dir := t.TempDir()
	o := Options{TempDir: dir}
	want, _, _, _ := runLimited(t, []byte(msg), o, 0, 0)
	got, _, err, _, n := runLimitedN(t, []byte(msg), o, 32<<10, 0)
	if err != nil || n != 2 || !bytes.Equal(got, want) {
		t.Errorf("error %v, %d parts streamed, same output %v", err, n, bytes.Equal(got, want))
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("left in the temporary directory: %v", left)
	}
}

// TestStreamedTwoParts: two large parts of one message, nested in a
// multipart and a message/rfc822 part, are both streamed, with the output
// of the in-memory path.
func TestStreamedTwoParts(t *testing.T) {
	msg, _ := bigMessage(64 << 10)
	for _, to := range []rewrite.Form{rewrite.URI, rewrite.Link} {
		o := Options{To: to, TempDir: t.TempDir()}
		want, wres, werr, _ := runLimited(t, []byte(msg), o, 0, 0)
		got, res, err, _, n := runLimitedN(t, []byte(msg), o, 32<<10, 0)
		if err != nil || werr != nil {
			t.Fatal(err, werr)
		}
		if n != 2 {
			t.Errorf("%v: %d parts streamed, want 2", to, n)
		}
		if !bytes.Equal(got, want) || res != wres {
			t.Errorf("%v: streamed output differs from the in-memory one", to)
		}
		if !res.Changed() || bytes.Contains(got, []byte("例え")) && to == rewrite.URI {
			t.Errorf("%v: not rewritten", to)
		}
	}
}

// TestStreamedTempFileErrors: when the temporary file cannot be created
// or written (a full disk), the rewrite fails with an error that names
// the large part's byte offset, and nothing of the part is written.
func TestStreamedTempFileErrors(t *testing.T) {
	msg, parts := bigMessage(64 << 10)
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, nil, 0o644)
	for _, tc := range []struct {
		name string
		dir  string
		full int64
	}{
		{"missing directory", filepath.Join(t.TempDir(), "missing"), 0},
		{"a file, not a directory", notDir, 0},
		{"full while spilling the part", t.TempDir(), 20 << 10},
		{"full while decoding", t.TempDir(), 70 << 10},
		{"full while writing the new body", t.TempDir(), 130 << 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			j := newJob(&Options{TempDir: tc.dir})
			j.big.lim, j.big.full = 32<<10, tc.full
			j.w = &out
			err := j.run(strings.NewReader(msg))
			if err == nil {
				t.Fatal("no error")
			}
			want := "text part at byte " + strconv.Itoa(parts[0]) + ": temporary file"
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not say %q", err, want)
			}
			var re *rewrite.Error
			if !errors.As(err, &re) || re.Offset != int64(parts[0]) {
				t.Errorf("error %#v, want a *rewrite.Error at %d", err, parts[0])
			}
			if out.Len() > parts[0] {
				t.Errorf("%d bytes written, the part starts at %d", out.Len(), parts[0])
			}
			if tc.full > 0 && !errors.Is(err, syscall.ENOSPC) {
				t.Errorf("error %v is not ENOSPC", err)
			}
		})
	}
}

// TestStreamedSignal: a process interrupted (SIGINT) while it spills a
// large part leaves no temporary file: the file is removed as soon as it
// is created, and lives on only as the open file of the process.
func TestStreamedSignal(t *testing.T) {
	if dir := os.Getenv("IRISCAN_SPILL_CHILD"); dir != "" {
		j := newJob(&Options{TempDir: dir})
		j.big.lim = 1 << 10
		j.w = io.Discard
		j.run(os.Stdin)
		return
	}
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestStreamedSignal$")
	cmd.Env = append(os.Environ(), "IRISCAN_SPILL_CHILD="+dir)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	in.Write([]byte("Content-Type: text/plain; charset=utf-8\n\n"))
	line := []byte("http://例え.jp/ and some text to make the part large\n")
	spilling := false
	for k := 0; k < 2000 && !spilling; k++ {
		for range 100 {
			in.Write(line)
		}
		fds, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", cmd.Process.Pid))
		for _, fd := range fds {
			l, _ := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", cmd.Process.Pid, fd.Name()))
			if strings.HasPrefix(l, dir+string(filepath.Separator)) {
				spilling = true
				if !strings.HasSuffix(l, " (deleted)") {
					t.Errorf("the open temporary file %s is not removed", l)
				}
			}
		}
		if !spilling {
			time.Sleep(time.Millisecond)
		}
	}
	if !spilling {
		t.Fatal("the child never opened its temporary file")
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGINT {
		t.Errorf("child ended with %v, want killed by SIGINT", err)
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("left in the temporary directory: %v", left)
	}
}

// FuzzMailStreamed checks that the streamed path (every text part over
// a few bytes, read in pieces of a few bytes) gives what the in-memory
// path gives: the same output, result, error and OnError reports.
func FuzzMailStreamed(f *testing.F) {
	for name, m := range bigCases {
		f.Add([]byte(m), uint8(len(name)), uint8(len(m)))
	}
	files, _ := filepath.Glob("testdata/*.eml")
	for _, fn := range files {
		b, _ := os.ReadFile(fn)
		f.Add(b, uint8(3), uint8(0))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, in []byte, m, piece uint8) {
		o := Options{To: rewrite.Form(m % 4), TempDir: dir}
		want, wres, werr, wperr := runLimited(t, in, o, 0, 0)
		got, res, err, perr := runLimited(t, in, o, 1+int64(m>>2), int(piece%32))
		if fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Fatalf("error %v, in memory %v", err, werr)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("output differs:\n%q\nin memory:\n%q", got, want)
		}
		if res != wres {
			t.Fatalf("result %+v, in memory %+v", res, wres)
		}
		if strings.Join(perr, "\n") != strings.Join(wperr, "\n") {
			t.Fatalf("errors:\n%s\nin memory:\n%s", strings.Join(perr, "\n"), strings.Join(wperr, "\n"))
		}
	})
}

// FuzzDecodeStream checks that the streamed decoders, in pieces of any
// size, give what decodeQP and decodeBase64 give on the whole body: the
// same bytes, or the same error at the same offset.
func FuzzDecodeStream(f *testing.F) {
	f.Add([]byte("a=3D=\nb=E4=BE=8B  \nc= \n=4"), uint8(1), false)
	f.Add([]byte("=41=41=41=41=\r\n=20 =\nx="), uint8(2), false)
	f.Add([]byte("YWJj\nZGVm\r\nZw=="), uint8(3), true)
	f.Add([]byte("YW Jj\tZGVmZw==YWI="), uint8(0), true)
	f.Add([]byte("YWJjZGVm!Zw=="), uint8(5), true)
	f.Fuzz(func(t *testing.T, src []byte, piece uint8, b64 bool) {
		j := newJob(&Options{})
		j.big.pieceN = int(piece % 16)
		var got bytes.Buffer
		var want []byte
		var err, werr error
		if b64 {
			want, werr = decodeBase64(nil, src)
			err = j.decodeBase64Stream(&got, bytes.NewReader(src))
		} else {
			want, werr = decodeQP(nil, src)
			err = j.decodeQPStream(&got, bytes.NewReader(src))
		}
		if fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Fatalf("error %v, on the whole %v", err, werr)
		}
		if err == nil && !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("decoded %q, on the whole %q", got.Bytes(), want)
		}
	})
}

// BenchmarkLargePart rewrites a message with one text part of a few MiB
// (quoted-printable text, base64 HTML) held in memory and through the
// temporary file: the choice of InMemoryLimit.
func BenchmarkLargePart(b *testing.B) {
	for _, size := range []int{1 << 20, 4 << 20} {
		msg, _ := bigMessage(size)
		for _, path := range []struct {
			name string
			lim  int64
		}{{"memory", 1 << 40}, {"streamed", 1}} {
			b.Run(fmt.Sprintf("%dMiB/%s", size>>20, path.name), func(b *testing.B) {
				b.SetBytes(int64(len(msg)))
				o := Options{TempDir: b.TempDir()}
				for b.Loop() {
					j := newJob(&o)
					j.big.lim = path.lim
					j.w = io.Discard
					if err := j.run(strings.NewReader(msg)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestStreamedPieceTooLarge: a large part that cannot be cut into pieces
// of at most maxPiece bytes (a quoted-printable line of spaces, a
// format=flowed paragraph of one soft-broken line after another) is
// copied unchanged and reported, as every part over 32 MiB was before.
func TestStreamedPieceTooLarge(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"qp line", "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nhttp://=E4=BE=8B.jp/\n" +
			strings.Repeat(" ", 300) + "x\n"},
		{"flowed paragraph", "Content-Type: text/plain; charset=utf-8; format=flowed\n\nhttp://例え.jp/\n\n" +
			strings.Repeat("word \n", 60) + "end\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var errs []error
			var out bytes.Buffer
			j := newJob(&Options{TempDir: t.TempDir(), OnError: func(e *rewrite.ConvertError) { errs = append(errs, e.Err) }})
			j.big.lim, j.big.pieceN, j.big.maxN = 16, 8, 64
			j.w = &out
			if err := j.run(strings.NewReader(tc.in)); err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.in {
				t.Errorf("output %q", out.String())
			}
			if len(errs) != 1 || !errors.Is(errs[0], errPieceTooLarge) {
				t.Errorf("errors %v, want one PartError for errPieceTooLarge", errs)
			}
		})
	}
}

// TestStreamedGolden: every text part of the golden messages (written by
// testdata/gen.py from the standards) taken through the temporary file
// gives the golden output.
func TestStreamedGolden(t *testing.T) {
	eachGolden(t, func(t *testing.T, in []byte, mode rewrite.Form, want []byte) {
		for _, piece := range []int{0, 1, 7} {
			got, _, err, _, n := runLimitedN(t, in, Options{To: mode, TempDir: t.TempDir()}, 1, piece)
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 {
				t.Errorf("no part streamed")
			}
			if !bytes.Equal(got, want) {
				t.Errorf("pieces of %d: output differs\n got: %q\nwant: %q", piece, got, want)
			}
		}
	})
}
