package iri

import (
	"reflect"
	"testing"
)

// TestHostRisks: which labels a spoofing check reports, and why. The
// expected risks follow Chrome's IDN display policy and UTS #39 (the same
// rules as Display's A-labels): the confusables are those of Unicode's
// confusables.txt.
func TestHostRisks(t *testing.T) {
	type risk struct {
		label, skeleton string
		delim           rune
		conf, mixed     bool
		scripts         []string
	}
	tests := []struct {
		host string
		want []risk
	}{
		// Cyrillic а (U+0430) in a Latin name: looks like apple, and mixes scripts.
		{"\u0430pple.com", []risk{{"\u0430pple", "apple", 0, true, true, []string{"Cyrillic", "Latin"}}}},
		// The same as an A-label.
		{"xn--pple-43d.com", []risk{{"\u0430pple", "apple", 0, true, true, []string{"Cyrillic", "Latin"}}}},
		// Whole-script Cyrillic look-alike of "ѕсоре" under .com: confusable, one script.
		{"\u0455\u0441\u043e\u0440\u0435.com", []risk{{"\u0455\u0441\u043e\u0440\u0435", "scope", 0, true, false, nil}}},
		// Greek ο (U+03BF) in paypal-ish name.
		{"g\u03bfogle.com", []risk{{"g\u03bfogle", "google", 0, true, true, []string{"Latin", "Greek"}}}},
		// Cyrillic and Latin that do not form an ASCII look-alike: mixed only.
		{"bank\u0436.example", []risk{{"bank\u0436", "", 0, false, true, []string{"Latin", "Cyrillic"}}}},
		// A division slash: reads as a path.
		{"example.com\u2215login.evil", []risk{{"com\u2215login", "", '\u2215', false, false, nil}}},
		// Negative twins: one script, a local name, CJK with Latin, ASCII.
		{"пример.рф", nil},
		{"сор.рф", nil},
		{"例え.テスト", nil},
		{"ihrename.中国", nil},
		{"bücher.example", nil},
		{"paypal.com", nil},
		{"-bad-.例え", nil},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			var got []risk
			for _, r := range HostRisks(tt.host) {
				got = append(got, risk{r.Label, r.Skeleton, r.Delimiter, r.Confusable, r.MixedScript, r.Scripts})
				if (r.Delimiter != 0) != (r.LooksLike != "") || r.Delimiter == '\u2215' && r.LooksLike != "/" {
					t.Errorf("delimiter %U looks like %q", r.Delimiter, r.LooksLike)
				}
				if a, err := HostToASCII(r.Label); err != nil || a != r.ALabel {
					t.Errorf("ALabel %q, want %q", r.ALabel, a)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
