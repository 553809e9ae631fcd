package mail_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/mail"
)

func Example() {
	msg := "From: ana@example.com\n" +
		"Subject: menu\n" +
		"Content-Type: text/plain; charset=utf-8; format=flowed\n" +
		"Content-Transfer-Encoding: 8bit\n" +
		"\n" +
		"The menu is at http://café.example/menü & more.\n"
	res, err := mail.Rewrite(os.Stdout, strings.NewReader(msg), mail.Options{To: rewrite.Link})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println("changed:", res.Changed())
	// Output:
	// From: ana@example.com
	// Subject: menu
	// Content-Type: text/html; charset=utf-8
	// Content-Transfer-Encoding: 8bit
	//
	// <div style="white-space: pre-wrap">The menu is at <a href="http://xn--caf-dma.example/men%C3%BC" dir="ltr">http://café.example/menü</a> &amp; more.</div>
	// changed: true
}
