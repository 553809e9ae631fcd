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
	// Docs: <a href="http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC" dir="ltr">http://例え.テスト/資料?q=東京</a> &amp; <a href="https://www.xn--r8jz45g.jp" dir="ltr">www.例え.jp</a>
}

// In HTML, the values of URL-valued attributes are rewritten in their own
// quotes; the text and every other byte stay as they were.
func ExampleDocument_html() {
	page := `<p><a href='http://例え.jp/a?x=1&amp;y=東'>例え</a> <img src="/画像.png"></p>`
	_, err := rewrite.Document(os.Stdout, strings.NewReader(page), rewrite.Options{To: rewrite.URI, Format: rewrite.HTML})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// <p><a href='http://xn--r8jz45g.jp/a?x=1&amp;y=%E6%9D%B1'>例え</a> <img src="/%E7%94%BB%E5%83%8F.png"></p>
}

// Linkify wraps the IRIs of the text nodes of an HTML page in links, and
// leaves existing links and code alone.
func ExampleLinkify() {
	page := "<p>See www.example.org/ja/資料 or <a href=\"/x\">http://a.example/</a>.</p><pre>http://b.example/</pre>"
	_, err := rewrite.Linkify(os.Stdout, strings.NewReader(page), rewrite.Options{Format: rewrite.HTML, Rel: "nofollow"})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// <p>See <a href="https://www.example.org/ja/%E8%B3%87%E6%96%99" rel="nofollow" dir="ltr">www.example.org/ja/資料</a> or <a href="/x">http://a.example/</a>.</p><pre>http://b.example/</pre>
}

// A Rewriter keeps its buffers from one document to the next; OnError
// reports each IRI it leaves unchanged, with its byte offset.
func ExampleRewriter() {
	var left []string
	rw := rewrite.Rewriter{Options: rewrite.Options{
		To:     rewrite.URI,
		Format: rewrite.HTML,
		OnError: func(e *rewrite.ConvertError) {
			left = append(left, fmt.Sprintf("byte %d: %s", e.Offset, e.Text))
		},
	}}
	for _, doc := range []string{
		`<a href="http://例え.jp/">ok</a>`,
		`<a href="http://-bad-.例え/">bad host</a>`,
	} {
		if _, err := rw.Rewrite(os.Stdout, strings.NewReader(doc)); err != nil {
			fmt.Println(err)
		}
		fmt.Println()
	}
	fmt.Println("left unchanged:", left)
	// Output:
	// <a href="http://xn--r8jz45g.jp/">ok</a>
	// <a href="http://-bad-.例え/">bad host</a>
	// left unchanged: [byte 9: http://-bad-.例え/]
}
