package scantest

import "testing"

func TestLoad(t *testing.T) {
	suites, err := Load("../../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	// Case counts of the files as documented in testdata/conformance/linkify/README.md's sources.
	want := map[string]int{
		"UTS #58 LinkDetectionTest": 345, "linkify-it links.txt": 117, "linkify-it not_links.txt": 38,
		"twitter-text extract_urls.yml": 108, "GFM spec-autolinks.txt": 30, "GFM extensions-autolinks.txt": 4,
	}
	for _, s := range suites {
		if n, ok := want[s.Name]; !ok || len(s.Cases) != n {
			t.Errorf("%s: %d cases, want %d", s.Name, len(s.Cases), n)
		}
	}
	// A UTS #58 line: marks removed from the input, spans in its bytes.
	var u *Case
	for i := range suites[0].Cases {
		if c := &suites[0].Cases[i]; c.Key == "See ⸠TEST.COM⸡ on…" {
			u = c
		}
	}
	if u == nil || u.Input != "See TEST.COM on…" || len(u.Spans) != 1 || u.Spans[0] != [2]int{4, 12} || u.Want[0] != "TEST.COM" {
		t.Errorf("UTS #58 case See ⸠TEST.COM⸡ on…: %+v", u)
	}
}

func TestPass(t *testing.T) {
	first := Case{Input: "a http://x.example b", Want: []string{"http://x.example"}, FirstOnly: true}
	if !first.Pass([]Link{{2, 18, "http://x.example", false}, {20, 21, "b", false}}) {
		t.Error("FirstOnly compares only the first link")
	}
	tw := Case{Input: "é x.example", Want: []string{"x.example"}, RuneSpans: [][2]int{{2, 11}}, NoEmail: true}
	if !tw.Pass([]Link{{0, 1, "a@b.c", true}, {3, 12, "x.example", false}}) {
		t.Error("e-mail links are ignored and spans count code points")
	}
	none := Case{Input: "nothing"}
	if none.Pass([]Link{{0, 7, "nothing", false}}) || !none.Pass(nil) {
		t.Error("a case without links passes only without links")
	}
	s := Suite{Cases: []Case{{Key: "k", Input: "x", Want: []string{"x"}, FirstOnly: true, Wrap: true}}}
	pass, fails := Score(&s, func(text string) []Link {
		if text == "x" {
			return []Link{{0, 1, "x", false}}
		}
		return nil // nothing in "\nx\n"
	})
	if pass != 0 || len(fails) != 1 {
		t.Errorf("Wrap: the wrapped input must give the same answer; pass %d, fails %v", pass, fails)
	}
}
