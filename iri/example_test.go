package iri_test

import (
	"fmt"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
)

func ExampleToURI() {
	uri, err := iri.ToURI("http://例え.テスト/資料?q=東京")
	fmt.Println(uri, err)
	// Output: http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC <nil>
}

func ExampleToIRI() {
	for _, uri := range []string{
		"http://www.example.org/D%C3%BCrst",        // UTF-8: decoded
		"http://www.example.org/D%FCrst",           // not UTF-8: kept
		"http://xn--99zt52a.example.org/%e2%80%ae", // RLO: kept, re-encoded uppercase
	} {
		iri, _ := iri.ToIRI(uri)
		fmt.Println(iri)
	}
	// Output:
	// http://www.example.org/Dürst
	// http://www.example.org/D%FCrst
	// http://納豆.example.org/%E2%80%AE
}

func ExampleConverter_ToURI_documentCharset() {
	// Section 3.5: the query of an http IRI from a Shift_JIS page is sent
	// in Shift_JIS; the path is always UTF-8.
	sjis, _ := charset.Lookup("shift_jis")
	c := iri.Converter{Charset: sjis}
	uri, _ := c.ToURI("http://example.com/日?q=日本")
	fmt.Println(uri)
	// Output: http://example.com/%E6%97%A5?q=%93%FA%96%7B
}

func ExampleDisplay() {
	for _, s := range []string{
		"https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1",     // right-to-left: isolated
		"https://xn--pple-43d.com/",                            // Cyrillic "а" + "pple": A-label
		"https://example.com/wiki/%E6%97%A5%E6%9C%AC%E3%80%82", // final "。": escaped
		"https://example.com/wiki/Foo_(bar))",                  // reserved ")": kept
	} {
		d, _ := iri.Display(s, iri.DisplayOptions{})
		fmt.Printf("%+q\n", d)
	}
	// Output:
	// "\u2066https://ar.wikipedia.org/wiki/\u0645\u0635\u0631\u2069"
	// "https://xn--pple-43d.com/"
	// "https://example.com/wiki/\u65e5\u672c%E3%80%82"
	// "https://example.com/wiki/Foo_(bar))"
}

func ExampleValidate() {
	for _, v := range iri.Validate("http://example.com/a b/\u202e%zz") {
		fmt.Println(v)
	}
	// Output:
	// offset 20: character not allowed U+0020 ' ' (in path)
	// offset 23: bidi formatting character U+202E
	// offset 26: '%' not followed by two hex digits (in path)
}

func ExampleParse() {
	u, _ := iri.Parse("http://user@例え.jp:8080/資料?q=1#top")
	fmt.Printf("%s|%s|%s|%s|%s|%s|%s|%v\n", u.Scheme, u.Userinfo, u.Host, u.Port, u.Path, u.Query, u.Fragment, u.HostKind)
	// Output: http|user|例え.jp|8080|/資料|q=1|top|reg-name
}

func ExampleEquivalent() {
	fmt.Println(iri.Equivalent("example://a/b/c/%7Bfoo%7D/rosé", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"))
	fmt.Println(iri.Equivalent("http://www.example.org/résumé.html", "http://www.example.org/re\u0301sume\u0301.html"))
	// Output:
	// true
	// false
}

func ExampleNormalize() {
	n, _ := iri.Normalize("HTTP://www.EXAMPLE.com:80/a/./b/../c/%7euser")
	fmt.Println(n)
	// Output: http://www.example.com/a/c/~user
}

func ExampleResolve() {
	r, _ := iri.Resolve("http://例え.jp/資料/a/b", "../東京?x")
	fmt.Println(r)
	// Output: http://例え.jp/資料/東京?x
}

func ExampleWebAddressToIRI() {
	fmt.Println(iri.WebAddressToIRI(" http://example.com\\a b\\c%zz\n"))
	// Output: http://example.com/a%20b/c%25zz
}
