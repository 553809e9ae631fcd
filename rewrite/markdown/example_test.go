package markdown_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/markdown"
)

// A goldmark user adds markdown.Extension in place of extension.Linkify
// (extension.GFM includes it, so the other GFM extensions are named one by
// one): IRIs in any script are linked, CJK punctuation ends them, and the
// link text stays as written.
func ExampleExtension() {
	md := goldmark.New(goldmark.WithExtensions(
		extension.Table, extension.Strikethrough, extension.TaskList,
		&markdown.Extension{},
	))
	src := "詳しくは「https://例え.jp/ガイド」をご覧ください。\n\n" +
		"الموقع: https://مثال.مصر/صفحة، وشكراً.\n\n" +
		"`https://例え.jp/code` and [a link](https://example.org/) stay.\n"
	var out bytes.Buffer
	if err := md.Convert([]byte(src), &out); err != nil {
		fmt.Println(err)
	}
	fmt.Print(out.String())
	// Output:
	// <p>詳しくは「<a href="https://xn--r8jz45g.jp/%E3%82%AC%E3%82%A4%E3%83%89" dir="ltr">https://例え.jp/ガイド</a>」をご覧ください。</p>
	// <p>الموقع: <a href="https://xn--mgbh0fb.xn--wgbh1c/%D8%B5%D9%81%D8%AD%D8%A9" dir="ltr">https://مثال.مصر/صفحة</a>، وشكراً.</p>
	// <p><code>https://例え.jp/code</code> and <a href="https://example.org/">a link</a> stay.</p>
}

// Linkify writes Markdown: each bare IRI becomes [IRI as written](URI),
// code and existing links stay as they are.
func ExampleLinkify() {
	src := "See https://例え.jp/ガイド, or mail info@例え.jp.\n\n" +
		"`https://例え.jp/` is code; [this](https://example.org/) is a link.\n"
	_, err := markdown.Linkify(os.Stdout, strings.NewReader(src), rewrite.Options{})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// See [https://例え.jp/ガイド](https://xn--r8jz45g.jp/%E3%82%AC%E3%82%A4%E3%83%89), or mail [info@例え.jp](mailto:info@xn--r8jz45g.jp).
	//
	// `https://例え.jp/` is code; [this](https://example.org/) is a link.
}

// Rewrite converts the IRIs of prose and the destinations of links, each
// escaped for where it stands; code stays.
func ExampleRewrite() {
	src := "Read https://例え.jp/ガイド or [the guide](https://例え.jp/ガイド \"Guide\").\n\n" +
		"[ref]: <https://例え.jp/a b>\n\n" +
		"    https://例え.jp/code\n"
	_, err := markdown.Rewrite(os.Stdout, strings.NewReader(src), rewrite.Options{To: rewrite.URI})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// Read https://xn--r8jz45g.jp/%E3%82%AC%E3%82%A4%E3%83%89 or [the guide](https://xn--r8jz45g.jp/%E3%82%AC%E3%82%A4%E3%83%89 "Guide").
	//
	// [ref]: <https://xn--r8jz45g.jp/a%20b>
	//
	//     https://例え.jp/code
}
