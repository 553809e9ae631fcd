package rewrite

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/iriscan/iriscan/internal/grapheme"
	"github.com/iriscan/iriscan/iri"
)

// TestShorten checks Shorten against the rules of issue 20 Section 3 and
// Autolinker's smart truncation, with expected texts worked out by hand:
// "scheme://" dropped first, the host kept, the rest cut in the middle
// (half the characters from each end, the start getting the odd one).
func TestShorten(t *testing.T) {
	marked := "https" + lrm + ":" + lrm + lrm + "/" + lrm + lrm + "/" + lrm
	for _, tc := range []struct {
		name, text string
		n          int
		want       string
	}{
		{"short enough", "https://example.com/", 20, "https://example.com/"},
		{"exactly n", "https://example.com/", 20, "https://example.com/"},
		{"n zero: no limit", "https://example.com/a/b/c", 0, "https://example.com/a/b/c"},
		{"scheme dropped first", "https://example.com/abc", 15, "example.com/abc"},
		{"path cut in the middle", "https://example.com/a/very/long/path/to/file.html", 25, "example.com/a/very…e.html"},
		{"host longer than n", "https://very-long-host-name.example.org/path", 10, "very-long-host-name.example.org…"},
		{"host exactly n", "https://abcde.org/xyz", 9, "abcde.org…"},
		{"host and ellipsis exactly n", "https://abcde.org/xyz", 10, "abcde.org…"},
		{"n 1", "https://a.io/xyz", 1, "a.io…"},
		{"n 2", "https://a.io/xyz", 2, "a.io…"},
		{"host alone, nothing after it", "https://a-long-host.example", 5, "a-long-host.example"},
		{"www keeps its host", "www.example.org/a/b/c/d/e/f", 20, "www.example.org/a…/f"},
		{"userinfo stays with the host", "https://user@host.example/very/long/path", 20, "user@host.example/…h"},
		{"port stays with the host", "http://h.example:8080/abcdefgh", 18, "h.example:8080/a…h"},
		{"percent-escape never split", "https://h.io/%E6%97%A5%E6%9C%AC/x", 12, "h.io/%E6…/x"},
		{"percent-escapes whole at both ends", "https://h.io/%E6%97%A5%E6%9C%AC", 12, "h.io/%E6…%AC"},
		{"lower-case escape", "https://h.io/%e6%97%a5%e6%9c%ac", 12, "h.io/%e6…%ac"},
		{"lone percent is a character", "https://h.io/100%/of/it", 10, "h.io/10…it"},
		{"combining marks are one character", "https://x.fr/cafe\u0301/re\u0301sume\u0301", 10, "x.fr/ca…me\u0301"},
		{"emoji ZWJ sequence is one character", "https://e.io/\U0001F468\u200D\U0001F469\u200D\U0001F467\U0001F468\u200D\U0001F469\u200D\U0001F467\U0001F468\u200D\U0001F469\u200D\U0001F467/x", 8,
			"e.io/\U0001F468\u200D\U0001F469\u200D\U0001F467…x"},
		{"flag is one character", "https://e.io/\U0001F1EF\U0001F1F5\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA\U0001F1EA\U0001F1F8", 8, "e.io/\U0001F1EF\U0001F1F5…\U0001F1EA\U0001F1F8"},
		{"marks not counted", marked + "ar.wikipedia.org" + lrm + "/" + lrm + "wiki", 29,
			marked + "ar.wikipedia.org" + lrm + "/" + lrm + "wiki"},
		{"Arabic run kept whole at the end", marked + "ar.wikipedia.org" + lrm + "/" + lrm + "wiki" + lrm + "/" + lrm + "مصر", 24,
			"ar.wikipedia.org" + lrm + "/" + lrm + "wik…مصر"},
		{"Arabic run dropped whole", marked + "ar.wikipedia.org" + lrm + "/" + lrm + "wiki" + lrm + "/" + lrm + "مصر", 22,
			"ar.wikipedia.org" + lrm + "/" + lrm + "wiki" + lrm + "…"},
		{"Arabic run at the start", "https://ar.example/القاهرة/abcdefghij", 16, "ar.example/…ghij"},
		{"Hebrew with points kept whole", "https://he.example/ירושָׁלַיִם/x", 13, "he.example/…x"},
		{"Hebrew run fits", "https://he.example/abcdef/שלום", 19, "he.example/abc…שלום"},
		{"e-mail address is the host", "jane.doe@example.com", 5, "jane.doe@example.com"},
		{"mailto query cut", "mailto:jane@example.com?subject=hello%20world", 30, "mailto:jane@example.com?su…rld"},
		{"urn keeps its scheme", "urn:isbn:0451450523", 10, "urn:isb…23"},
		{"query and fragment cut", "https://q.example/?a=1&b=2&c=3#frag", 20, "q.example/?a=1…#frag"},
		{"file URI: empty host", "file:///usr/share/doc/readme", 10, "/usr/…adme"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Shorten(tc.text, tc.n)
			if got != tc.want {
				t.Errorf("Shorten(%q, %d)\n got %q\nwant %q", tc.text, tc.n, got, tc.want)
			}
		})
	}
}

func TestStripScheme(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"https://example.org/", "example.org/"},
		{"http://example.org", "example.org"},
		{"HTTPS://Example.org/", "Example.org/"},
		{"https" + lrm + ":" + lrm + lrm + "/" + lrm + lrm + "/" + lrm + "ar.example" + lrm + "/", "ar.example" + lrm + "/"},
		{"ftp://example.org/", "ftp://example.org/"},
		{"httpx://example.org/", "httpx://example.org/"},
		{"http:/example.org", "http:/example.org"},
		{"www.example.org", "www.example.org"},
		{"mailto:a@example.org", "mailto:a@example.org"},
		{"http", "http"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			if got := StripScheme(tc.text); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// visible counts the grapheme clusters of s that are not only bidi marks.
func visible(s string) int {
	n := 0
	for s != "" {
		k := grapheme.Next(s)
		if !onlyMarks(s[:k]) {
			n++
		}
		s = s[k:]
	}
	return n
}

// boundaries returns the byte offsets of s at which a cut may fall: between
// two grapheme clusters, not inside a "%XX".
func boundaries(s string) map[int]bool {
	b := map[int]bool{0: true}
	for i := 0; i < len(s); {
		k := grapheme.Next(s[i:])
		i += k
		b[i] = true
	}
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2]) && grapheme.Next(s[i+1:]) == 1 && grapheme.Next(s[i+2:]) == 1 {
			delete(b, i+1)
			delete(b, i+2)
		}
	}
	return b
}

// indexAt returns the offset after at of the first occurrence of p in s
// that starts and ends at a cut point of b (a bare byte of p may also
// stand inside a longer sequence), or -1; the search starts at s[at:].
func indexAt(s string, at int, p string, b map[int]bool) int {
	first := -1
	for off := at; off <= len(s); {
		j := strings.Index(s[off:], p)
		if j < 0 {
			break
		}
		if first < 0 {
			first = off + j - at
		}
		if b[off+j] && b[off+j+len(p)] {
			return off + j - at
		}
		off += j + 1
	}
	return first
}

// isSubsequence reports whether the bytes of a appear in b in order.
func isSubsequence(a, b string) bool {
	for i := 0; i < len(b) && len(a) > 0; i++ {
		if b[i] == a[0] {
			a = a[1:]
		}
	}
	return a == ""
}

// FuzzShorten checks, for any text and limit: no panic; at most n
// characters unless the host alone does not fit; the pieces kept are
// pieces of the input taken at grapheme boundaries, never inside a
// percent-escape; with "…" taken out, the result is a subsequence of
// the input.
func FuzzShorten(f *testing.F) {
	for _, s := range []string{
		"https://example.com/a/very/long/path/to/file.html", "https://h.io/%E6%97%A5%E6%9C%AC/x",
		"https\u200e:\u200e\u200e/\u200e\u200e/\u200ear.wikipedia.org\u200e/\u200ewiki\u200e/\u200eمصر",
		"https://e.io/\U0001F468\u200D\U0001F469\u200D\U0001F467/x", "mailto:jane@example.com?subject=x",
		"urn:isbn:0451450523", "www.example.org/a", "https://x.fr/cafe\u0301", "a%", "%%41", "\xff\xfe//",
	} {
		f.Add(s, 5)
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n > 1000 || n < -1 {
			n %= 1000
		}
		got := Shorten(s, n)
		if n <= 0 || visible(s) <= n {
			if got != s {
				t.Fatalf("Shorten(%q, %d) = %q, want it unchanged", s, n, got)
			}
			return
		}
		if strings.Contains(s, Ellipsis) {
			// The input's own "…" makes the pieces ambiguous: without
			// every "…", the result must be a subsequence of the input.
			if !isSubsequence(strings.ReplaceAll(got, Ellipsis, ""), strings.ReplaceAll(s, Ellipsis, "")) {
				t.Fatalf("Shorten(%q, %d) = %q: not a subsequence of the input", s, n, got)
			}
		}
		pieces := strings.Split(got, Ellipsis)
		if strings.Contains(s, Ellipsis) {
			pieces = nil // checked above
		}
		if len(pieces) > 2 {
			t.Fatalf("Shorten(%q, %d) = %q: more than one …", s, n, got)
		}
		// The pieces come from s in order, each at cut points.
		b := boundaries(s)
		at := 0
		for i, p := range pieces {
			j := indexAt(s, at, p, b)
			if len(pieces) > 1 && i == len(pieces)-1 {
				j = len(s) - len(p) - at // the last piece ends the text
				if j < 0 || s[at+j:] != p {
					t.Fatalf("Shorten(%q, %d) = %q: %q does not end the input", s, n, got, p)
				}
			}
			if j < 0 {
				t.Fatalf("Shorten(%q, %d) = %q: %q is not in the input after byte %d", s, n, got, p, at)
			}
			if len(pieces) > 1 && (!b[at+j] || !b[at+j+len(p)]) {
				t.Fatalf("Shorten(%q, %d) = %q: piece %q is cut inside a grapheme or a %%XX", s, n, got, p)
			}
			at += j + len(p)
		}
		if w := visible(strings.ReplaceAll(got, Ellipsis, "x")); w > n {
			// Only the host-only rule may exceed n: then the text is the
			// host followed by … (or the host alone).
			h := strings.TrimSuffix(got, Ellipsis)
			if strings.Contains(h, Ellipsis) && !strings.Contains(s, Ellipsis) || visible(h) < n {
				t.Fatalf("Shorten(%q, %d) = %q: %d characters, and not the host-only rule", s, n, got, w)
			}
		}
		if !utf8.ValidString(s) {
			return
		}
		if !utf8.ValidString(got) {
			t.Fatalf("Shorten(%q, %d) = %q: not UTF-8", s, n, got)
		}
	})
}

// TestShortenLinkText shortens real link texts made by Anchor: the marks
// of the display form stay invisible, the href stays whole.
func TestShortenLinkText(t *testing.T) {
	l, err := NewLinker(LinkOptions{Shorten: 20, StripScheme: true})
	if err != nil {
		t.Fatal(err)
	}
	m := match("https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1")
	a, ok, err := l.Anchor(&m, &iri.Converter{})
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if want := "ar.wikipedia.org" + lrm + "/" + lrm + "wi…"; a.Text != want {
		t.Errorf("text %q, want %q", a.Text, want)
	}
	if want := "https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1"; a.Href != want {
		t.Errorf("href %q, want %q", a.Href, want)
	}
}
