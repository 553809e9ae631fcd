package main

import (
	"bytes"
	"fmt"
	"log"
	"strings"

	"github.com/iriscan/iriscan/scanner/scantest"
)

// The English prose with every IRI distinct: the prose inputs repeat the
// eleven links of scantest.Links, so that a cache of their conversions
// (iri.FormsCache in extract) hits every time; this variant is the other
// end, a document where no reference comes twice. Each link gets a serial
// number in its host's first label and at the end of its path (or local
// part), which keeps its kind, its scripts and its length within a few
// bytes.
var distinctLinks = map[string]string{
	"https://example.com/path/to/page.html":                   "https://example%[1]d.com/path/to/page%[1]d.html",
	"http://www.example.org/a?b=c&d=e":                        "http://www.example%[1]d.org/a?b=c&d=%[1]d",
	"https://en.wikipedia.org/wiki/Go_(programming_language)": "https://en%[1]d.wikipedia.org/wiki/Go_(programming_language_%[1]d)",
	"www.example.net/x":                                       "www.example%[1]d.net/x%[1]d",
	"jane.doe@example.com":                                    "jane.doe%[1]d@example%[1]d.com",
	"https://例え.テスト/パス":                                       "https://例え%[1]d.テスト/パス%[1]d",
	"<http://example.com/wrapped>":                            "<http://example%[1]d.com/wrapped%[1]d>",
	"https://ru.wikipedia.org/wiki/Москва":                    "https://ru%[1]d.wikipedia.org/wiki/Москва_%[1]d",
	"http://пример.рф/путь":                                   "http://пример%[1]d.рф/путь%[1]d",
	"https://ar.wikipedia.org/wiki/مصر":                       "https://ar%[1]d.wikipedia.org/wiki/مصر_%[1]d",
	"https://zh.wikipedia.org/wiki/北京":                        "https://zh%[1]d.wikipedia.org/wiki/北京_%[1]d",
}

// distinctProse returns p (prose from scantest.Prose) with each of its
// links replaced by a distinct one, numbered from *serial on.
func distinctProse(p []byte, serial *int) []byte {
	if len(distinctLinks) != len(scantest.Links) {
		log.Fatal("bench: distinctLinks does not cover scantest.Links")
	}
	var b bytes.Buffer
	b.Grow(len(p) + len(p)/64)
	for len(p) > 0 {
		// The next link: the earliest occurrence of any.
		at, link := -1, ""
		for _, l := range scantest.Links {
			if i := bytes.Index(p, []byte(l)); i >= 0 && (at < 0 || i < at) {
				at, link = i, l
			}
		}
		if at < 0 {
			b.Write(p)
			break
		}
		b.Write(p[:at])
		tmpl, ok := distinctLinks[link]
		if !ok {
			log.Fatalf("bench: no distinct form of %q", link)
		}
		*serial++
		b.WriteString(fmt.Sprintf(tmpl, *serial))
		p = p[at+len(link):]
	}
	return b.Bytes()
}

// A distinct form numbers both the host and the path (or local part):
// the check catches a typo in the table.
func init() {
	for l, t := range distinctLinks {
		if strings.Count(t, "%[1]d") != 2 {
			log.Fatalf("bench: distinct form of %q has no two serials", l)
		}
	}
}
