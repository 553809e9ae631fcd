package iri_test

import (
	"fmt"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
)

func ExampleEscape() {
	// A search link from a selected word: the value is data.
	q := "a=b&c 東京"
	fmt.Println("https://example.org/search?q=" + iri.Escape(q, iri.QueryValue))
	fmt.Println("https://example.org/search?q=" + iri.EscapeURI(q, iri.QueryValue))
	// "/" separates segments in a path, but is data in a segment.
	fmt.Println(iri.Escape("a/b", iri.Path), iri.Escape("a/b", iri.PathSegment))
	// Data holds no escapes: "%" is data too.
	fmt.Println(iri.Escape("100%", iri.PathSegment), iri.EscapeEncoded("100%25 x", iri.PathSegment))
	// Output:
	// https://example.org/search?q=a%3Db%26c%20東京
	// https://example.org/search?q=a%3Db%26c%20%E6%9D%B1%E4%BA%AC
	// a/b a%2Fb
	// 100%25 100%25%20x
}

func ExampleEscapeBytes() {
	fmt.Println(iri.EscapeBytes([]byte{0xFF, 0x00, 'a', '/', '~'}, iri.PathSegment))
	// Output: %FF%00a%2F~
}

func ExampleEscapeCharset() {
	// An http form query from a Shift_JIS page is sent in Shift_JIS
	// (Section 3.5); the caller says so.
	sjis, _ := charset.Lookup("shift_jis")
	v, err := iri.EscapeCharset("日本", sjis, iri.QueryValue)
	fmt.Println(v, err)
	// A file name stored in windows-1252 is exposed as UTF-8 (Section 8.4).
	latin1, _ := charset.Lookup("windows-1252")
	name, err := iri.DecodeCharset([]byte("D\xfcrst"), latin1)
	fmt.Println(iri.EscapeURI(name, iri.PathSegment), err)
	// Output:
	// %93%FA%96%7B <nil>
	// D%C3%BCrst <nil>
}

func ExampleIRI_Build() {
	u := iri.IRI{
		Scheme: "http",
		Host:   "例え.jp",
		Path:   "/資料/" + iri.Escape("a/b", iri.PathSegment),
		Query:  "q=" + iri.Escape("x&y", iri.QueryValue),
	}
	s, err := u.Build()
	fmt.Println(s, err)
	uri, err := u.URI()
	fmt.Println(uri, err)
	v6 := iri.IRI{Scheme: "http", Host: "2001:db8::1", Port: "8080", Path: "/"}
	s, _ = v6.Build()
	fmt.Println(s)
	// Output:
	// http://例え.jp/資料/a%2Fb?q=x%26y <nil>
	// http://xn--r8jz45g.jp/%E8%B3%87%E6%96%99/a%2Fb?q=x%26y <nil>
	// http://[2001:db8::1]:8080/
}

func ExampleMailto() {
	m := iri.Mailto{
		To:      []string{"user@納豆.example.org", "other@example.org"},
		Subject: "Grüße & more",
		Body:    "Line one\nLine two",
	}
	u := m.IRI()
	fmt.Println(u.String())
	uri, err := u.URI()
	fmt.Println(uri, err)
	// Output:
	// mailto:user@納豆.example.org,other@example.org?subject=Grüße%20%26%20more&body=Line%20one%0D%0ALine%20two
	// mailto:user@xn--99zt52a.example.org,other@example.org?subject=Gr%C3%BC%C3%9Fe%20%26%20more&body=Line%20one%0D%0ALine%20two <nil>
}

func ExampleFilePath() {
	u, _ := iri.FilePath("/home/jürgen/a b#1.txt")
	fmt.Println(u.String())
	uri, _ := u.URI()
	fmt.Println(uri)
	w, _ := iri.WindowsFilePath(`C:\dir\a b`)
	fmt.Println(w.String())
	// Output:
	// file:///home/jürgen/a%20b%231.txt
	// file:///home/j%C3%BCrgen/a%20b%231.txt
	// file:///C:/dir/a%20b
}
