package scantest

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSchemeLinks derives SchemeLinks from its definition: the Links with
// a scheme, or e-mail addresses, whose top-level domain is ASCII.
func TestSchemeLinks(t *testing.T) {
	var want []string
	for _, l := range Links {
		host := strings.Trim(l, "<>")
		switch {
		case strings.Contains(host, "://"):
			host = host[strings.Index(host, "://")+3:]
		case strings.Contains(host, "@"):
			host = host[strings.Index(host, "@")+1:]
		default:
			continue // no scheme: "www."
		}
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		if tld := host[strings.LastIndexByte(host, '.')+1:]; !isASCII(tld) {
			continue
		}
		want = append(want, l)
	}
	if !slices.Equal(SchemeLinks, want) {
		t.Errorf("SchemeLinks = %q,\nwant %q", SchemeLinks, want)
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// TestProseWith checks that Prose is ProseWith(Links), and that the
// links a prose holds are those it was given.
func TestProseWith(t *testing.T) {
	if !bytes.Equal(Prose(64<<10, 1024, &English, 7), ProseWith(Links, 64<<10, 1024, &English, 7)) {
		t.Error("Prose differs from ProseWith(Links)")
	}
	for _, lang := range []*Language{&English, &Japanese} {
		p := ProseWith(SchemeLinks, 256<<10, 1024, lang, 3)
		for _, l := range Links {
			in := slices.Contains(SchemeLinks, l)
			if n := bytes.Count(p, []byte(l)); in && n == 0 || !in && n > 0 {
				t.Errorf("%q occurs %d times in prose made with SchemeLinks", l, n)
			}
		}
	}
}
