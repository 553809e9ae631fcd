package lint_test

import (
	"fmt"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/scanner/lint"
)

// The HTML part of a phishing mail: a link whose text shows one host and
// goes to another, and a script URL written so that a filter looking for
// "javascript:" misses it.
func ExampleLinter() {
	page := `<p>Please <a href="http://paypal.com.account-verify.example/">https://www.paypal.com/signin</a>
<p>Statement: <a href="jav&#x61;script:steal()">statement.pdf</a>`
	l := lint.New(charset.NewReader(strings.NewReader(page), charset.UTF8), &lint.Options{HTML: true})
	for l.Scan() {
		f := l.Finding()
		fmt.Printf("%s at byte %d: %s\n", f.Kind, f.Offset, f.Reason)
	}
	if err := l.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// anchor-host-mismatch at byte 62: the link text shows "www.paypal.com" but the link goes to "paypal.com.account-verify.example"
	// script-scheme at byte 119: javascript: URL in <a href>: it runs script (written "jav&#x61;script:steal()", which the URL parser reads as javascript:)
}
