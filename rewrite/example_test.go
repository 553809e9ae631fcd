package rewrite_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/iriscan/iriscan/rewrite"
)

// Rewrite a line of text to URIs, then turn the same line into an HTML
// fragment with links.
func Example() {
	line := "Docs: http://例え.テスト/資料?q=東京 & www.例え.jp\n"

	res, err := rewrite.Document(os.Stdout, strings.NewReader(line), rewrite.Options{To: rewrite.URI, Format: rewrite.Text})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(res.Matches, "IRIs,", res.Edits, "edits")

	_, err = rewrite.Document(os.Stdout, strings.NewReader(line), rewrite.Options{To: rewrite.Link, Format: rewrite.Text})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// Docs: http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC & www.xn--r8jz45g.jp
	// 2 IRIs, 2 edits
	// Docs: <a href="http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC" dir="ltr">http://例え.テスト/資料?q=東京</a> &amp; <a href="http://www.xn--r8jz45g.jp" dir="ltr">www.例え.jp</a>
}
