package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/charset"
)

// A Linter Reset between documents reports, for each, exactly what a new
// Linter reports: documents with findings of every kind, text and HTML,
// read one after another in both orders, including one cut inside an
// element whose state (an open <a>, a pending "&") must not leak into the
// next.
func TestResetSameAsNew(t *testing.T) {
	docs := []string{
		"Watch http://4pm.asia/\u202Eaisa.mp4 now",
		"https://accounts.example.com@evil.example/ and https://\u0430pple.com/",
		`<a href="http://paypal.com.evil.example/">https://www.paypal.com/`,
		`<a href="jav&#x61;script:alert(1)">x</a><iframe src="data:text/html,x"></iframe>`,
		`<p>http://a.example/&#x202E;x <a href=/x>www.chase.com`,
		`<p>text &#x20`,
		"plain http://example.org/ and nothing wrong",
		strings.Repeat("x", 70000) + " https://www.paypal.com@evil.example/",
	}
	for _, html := range []bool{false, true} {
		for _, order := range [][]int{{0, 1, 2, 3, 4, 5, 6, 7}, {7, 6, 5, 4, 3, 2, 1, 0}} {
			t.Run(fmt.Sprintf("html=%v %v", html, order), func(t *testing.T) {
				var l *Linter
				for _, i := range order {
					cr := charset.NewReader(strings.NewReader(docs[i]), charset.UTF8)
					if l == nil {
						l = New(cr, &Options{HTML: html})
					} else {
						l.Reset(cr)
					}
					var got []Finding
					for l.Scan() {
						got = append(got, l.Finding())
					}
					want := lintString(t, docs[i], html)
					if l.Err() != nil || fmt.Sprint(got) != fmt.Sprint(want) {
						t.Errorf("doc %d: after Reset %v (%v), new Linter %v", i, got, l.Err(), want)
					}
				}
			})
		}
	}
}
