package grapheme

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestBreakTest checks every line of the UCD's GraphemeBreakTest.txt: the
// clusters Next finds are those between the ÷ marks.
func TestBreakTest(t *testing.T) {
	f, err := os.Open("../../testdata/conformance/grapheme/GraphemeBreakTest.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		data, comment, _ := strings.Cut(sc.Text(), "#")
		data = strings.TrimSpace(data)
		if data == "" {
			continue
		}
		var want []string
		var cur strings.Builder
		for _, f := range strings.Fields(data) {
			switch f {
			case "÷":
				if cur.Len() > 0 {
					want = append(want, cur.String())
					cur.Reset()
				}
			case "×":
			default:
				v, err := strconv.ParseUint(f, 16, 32)
				if err != nil {
					t.Fatalf("line %d: %v", line, err)
				}
				cur.WriteRune(rune(v))
			}
		}
		s := strings.Join(want, "")
		var got []string
		for rest := s; rest != ""; {
			k := Next(rest)
			got = append(got, rest[:k])
			rest = rest[k:]
		}
		if strings.Join(quoteAll(got), " ÷ ") != strings.Join(quoteAll(want), " ÷ ") {
			t.Errorf("line %d (%s):\n got %s\nwant %s", line, strings.TrimSpace(comment),
				strings.Join(quoteAll(got), " ÷ "), strings.Join(quoteAll(want), " ÷ "))
		}
		if Count(s) != len(want) {
			t.Errorf("line %d: Count = %d, want %d", line, Count(s), len(want))
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 600 {
		t.Fatalf("only %d test lines read", n)
	}
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.QuoteToASCII(s)
	}
	return out
}

// TestClusters checks the clusters a reader sees in text of the kind link
// text holds.
func TestClusters(t *testing.T) {
	for _, tc := range []struct {
		name, s string
		want    []string
	}{
		{"ascii", "a/b", []string{"a", "/", "b"}},
		{"crlf", "a\r\nb", []string{"a", "\r\n", "b"}},
		{"combining acute", "e\u0301t\u00e9", []string{"e\u0301", "t", "\u00e9"}},
		{"two combining marks", "a\u0308\u0301b", []string{"a\u0308\u0301", "b"}},
		{"family ZWJ sequence", "\U0001F468\u200D\U0001F469\u200D\U0001F467x", []string{"\U0001F468\u200D\U0001F469\u200D\U0001F467", "x"}},
		{"rainbow flag", "\U0001F3F3\uFE0F\u200D\U0001F308", []string{"\U0001F3F3\uFE0F\u200D\U0001F308"}},
		{"skin tone", "\U0001F44D\U0001F3FD!", []string{"\U0001F44D\U0001F3FD", "!"}},
		{"flags pair up", "\U0001F1EF\U0001F1F5\U0001F1EB\U0001F1F7\U0001F1E9", []string{"\U0001F1EF\U0001F1F5", "\U0001F1EB\U0001F1F7", "\U0001F1E9"}},
		{"hangul jamo", "\u1100\u1161\u11A8\uAC00", []string{"\u1100\u1161\u11A8", "\uAC00"}},
		{"devanagari spacing mark", "\u0915\u093F", []string{"\u0915\u093F"}},
		{"arabic with harakat", "\u0645\u064F\u0635\u0652\u0631", []string{"\u0645\u064F", "\u0635\u0652", "\u0631"}},
		{"hebrew with points", "\u05E9\u05C1\u05B8\u05DC", []string{"\u05E9\u05C1\u05B8", "\u05DC"}},
		{"LRM is a cluster of its own", "a\u200E/\u200Eb", []string{"a", "\u200E", "/", "\u200E", "b"}},
		{"ZWJ after a letter joins it", "a\u200Db", []string{"a\u200D", "b"}},
		{"invalid byte alone", "a\xffb\u0301", []string{"a", "\xff", "b\u0301"}},
		{"truncated sequence", "\xe6\x97", []string{"\xe6", "\x97"}},
		{"prepend", "\u0600\u0661", []string{"\u0600\u0661"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for rest := tc.s; rest != ""; {
				k := Next(rest)
				got = append(got, rest[:k])
				rest = rest[k:]
			}
			if strings.Join(quoteAll(got), " ÷ ") != strings.Join(quoteAll(tc.want), " ÷ ") {
				t.Errorf("got %s, want %s", quoteAll(got), quoteAll(tc.want))
			}
		})
	}
}

// FuzzNext checks that clusters tile the input, that each is at least one
// code point (or one invalid byte) and never ends inside a UTF-8 sequence.
func FuzzNext(f *testing.F) {
	for _, s := range []string{"", "a\r\n", "\U0001F468\u200D\U0001F469", "\U0001F1EF\U0001F1F5\U0001F1EB", "e\u0301\xff", "\u0600\u200D\u0308"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := 0
		for rest := s; rest != ""; {
			k := Next(rest)
			if k <= 0 || k > len(rest) {
				t.Fatalf("Next(%q) = %d", rest, k)
			}
			// k falls where a code point (or an invalid byte) ends.
			p := 0
			for p < k {
				_, n := utf8.DecodeRuneInString(rest[p:])
				p += n
			}
			if p != k {
				t.Fatalf("Next(%q) = %d splits a UTF-8 sequence", rest, k)
			}
			rest = rest[k:]
			n++
		}
		if Count(s) != n {
			t.Fatalf("Count = %d, clusters %d", Count(s), n)
		}
		if n > utf8.RuneCountInString(s) {
			t.Fatalf("%d clusters > %d code points", n, utf8.RuneCountInString(s))
		}
	})
}
