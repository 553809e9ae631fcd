package lint

import (
	"io"
	"reflect"
	"testing"

	"github.com/iriscan/iriscan/charset"
)

// stepReader returns at most n bytes a read.
type stepReader struct {
	b []byte
	n int
}

func (r *stepReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.b)
	r.b = r.b[k:]
	return k, nil
}

func lintAll(cr *charset.Reader, html bool) ([]Finding, error) {
	l := New(cr, &Options{HTML: html, MaxLength: 300})
	var fs []Finding
	for l.Scan() {
		fs = append(fs, l.Finding())
	}
	return fs, l.Err()
}

// FuzzLint: any input, as text or HTML, in UTF-8 or windows-1252: no
// panic; every finding has a known kind, a reason, and offsets inside the
// input; the findings do not depend on how the input is read (whole, or a
// few bytes at a time), so they are deterministic.
func FuzzLint(f *testing.F) {
	for _, s := range []string{
		"Watch http://4pm.asia/\u202Eaisa.mp4 now",
		"https://accounts.example.com@evil.example/ and https://\u0430pple.com/",
		`<a href="http://paypal.com.evil.example/">https://www.paypal.com/</a>`,
		`<a href="jav&#x61;script:alert(1)">x</a><iframe src="data:text/html,x"></iframe>`,
		`<p>http://a.example/&#x202E;x <a href=/x>www.chase.com`,
		"support@p\u0430ypal.com \u2066https://xn--pple-43d.com/\u2069",
	} {
		f.Add([]byte(s), true, uint8(3), false)
		f.Add([]byte(s), false, uint8(1), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, html bool, step uint8, w1252 bool) {
		cs := charset.UTF8
		if w1252 {
			cs = charset.Windows1252
		}
		whole, err1 := lintAll(charset.NewReaderBytes(data, cs), html)
		again, err2 := lintAll(charset.NewReader(&stepReader{data, int(step%16) + 1}, cs), html)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("errors differ: %v, %v", err1, err2)
		}
		if !reflect.DeepEqual(whole, again) {
			t.Fatalf("findings depend on the reads:\n whole %+v\n steps %+v", whole, again)
		}
		for _, f := range whole {
			if f.Kind < BidiControl || f.Kind > ScriptScheme || f.Reason == "" {
				t.Errorf("bad finding %+v", f)
			}
			if f.Offset < 0 || f.Length < 0 || f.Offset+f.Length > int64(len(data)) {
				t.Errorf("finding %+v outside the input of %d bytes", f, len(data))
			}
		}
	})
}
