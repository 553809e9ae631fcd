package htmllex

import (
	"bytes"
	"slices"
	"testing"

	xhtml "golang.org/x/net/html"
)

// The HTML Standard lists 106 legacy names, each also with its ';', and
// 2231 names in all.
func TestEntityTable(t *testing.T) {
	legacy := LegacyNames()
	if len(entities()) != 2231 || len(legacy) != 106 {
		t.Fatalf("%d names, %d legacy", len(entities()), len(legacy))
	}
	for _, n := range legacy {
		if entities()[n+";"] != entities()[n] {
			t.Errorf("&%s; is not &%s", n, n)
		}
	}
	// x/net/html's own table agrees on every name (as text, where it
	// decodes legacy names without ';' too).
	for n, v := range entities() {
		if got := xhtml.UnescapeString("&" + n); got != v {
			t.Errorf("x/net/html decodes &%s as %q, the table says %q", n, got, v)
		}
	}
}

// attrValue decodes v as a browser does the value of an attribute.
func attrValue(v string) string { return string(AppendAttrValue(nil, []byte(v))) }

// A legacy reference without ';' in an attribute value is decoded only
// when no '=' or ASCII alphanumeric follows it; with ';' always (HTML
// Standard, named character reference state). Every legacy name.
func TestAttrLegacyNames(t *testing.T) {
	for _, n := range LegacyNames() {
		dec := entities()[n]
		for _, c := range []struct{ in, want string }{
			{"/p?a=1&" + n + "=2", "/p?a=1&" + n + "=2"},
			{"&" + n + "Q", "&" + n + "Q"},
			{"&" + n + "Q ", "&" + n + "Q "},
			{"x&" + n + "z=1", "x&" + n + "z=1"},
			{"&" + n + ";=2", dec + "=2"},
			{"&" + n + ";x", dec + "x"},
			{"&" + n, dec},
			{"&" + n + " x", dec + " x"},
			{"&" + n + "&" + n + "=", dec + "&" + n + "="},
			{"&" + n + "-", dec + "-"},
			{"&" + n + "/", dec + "/"},
		} {
			t.Run(c.in, func(t *testing.T) {
				if got := attrValue(c.in); got != c.want {
					t.Errorf("got %q, want %q", got, c.want)
				}
			})
		}
	}
}

// References with ';' and numeric references, by the HTML Standard's
// tokenizer rules.
func TestAttrRefs(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a&amp;b", "a&b"},
		{"a&amp;=b", "a&=b"},
		{"&lt;&gt;&quot;&apos;", `<>"'`},
		{"&hellip;&nbsp;&eacute;", "…\u00a0é"},
		{"&NotNestedGreaterGreater;", "\u2AA2\u0338"},
		{"&CounterClockwiseContourIntegral;", "\u2233"},
		{"&hellip", "&hellip"},     // not a legacy name: needs ';'
		{"&hellip=1", "&hellip=1"}, // nor here
		{"&notin;", "∉"},
		{"&notit;", "&notit;"}, // text would read ¬it;
		{"&noti", "&noti"},
		{"&ampx;", "&ampx;"},
		{"&AMP;&AMP", "&&"},
		{"&Amp;", "&Amp;"}, // names are case-sensitive
		{"&;", "&;"},
		{"&", "&"},
		{"&&amp;", "&&"},
		{"&#x26;", "&"},
		{"&#X26;", "&"},
		{"&#38;", "&"},
		{"&#x26", "&"},
		{"&#38", "&"},
		{"&#38=1", "&=1"},    // numeric references are decoded before '='
		{"&#38x", "&x"},      // and before an alphanumeric
		{"&#x26g", "&g"},     // g is no hex digit
		{"&#x26a", "\u026a"}, // a is one
		{"&#;", "&#;"},
		{"&#x;", "&#x;"},
		{"&#xg", "&#xg"},
		{"&#0;", "\ufffd"},
		{"&#x110000;", "\ufffd"},
		{"&#99999999999999999999;", "\ufffd"},
		{"&#xD800;", "\ufffd"},
		{"&#xDFFF", "\ufffd"},
		{"&#128;", "€"},
		{"&#x9F;", "Ÿ"},
		{"&#x81;", "\u0081"},
		{"&#x8D;", "\u008d"},
		{"&#x10FFFF;", "\U0010FFFF"},
		{"&#65;&#x42;&#x0043", "ABC"},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := attrValue(c.in); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// In text the attribute exception does not hold, and a longer run falls
// back to the longest legacy name.
func TestTextRefs(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"&copy=2", "©=2"},
		{"&copyQ", "©Q"},
		{"&notit;", "¬it;"},
		{"&notin;", "∉"},
		{"&hellip", "&hellip"},
		{"&frac12x", "½x"},
		{"&#38x", "&x"},
	} {
		t.Run(c.in, func(t *testing.T) {
			got, n := AppendRef(nil, []byte(c.in), false)
			got = append(got, c.in[max(n, 0):]...)
			if n == 0 {
				got = []byte(c.in)
			}
			if string(got) != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// netAttrValue is x/net/html's reading of the attribute value v (without
// '"', CR or NUL, which the tokenizer would end or convert).
func netAttrValue(v []byte) (string, bool) {
	z := xhtml.NewTokenizer(bytes.NewReader([]byte(`<a x="` + string(v) + `">`)))
	if z.Next() != xhtml.StartTagToken {
		return "", false
	}
	tok := z.Token()
	if len(tok.Attr) != 1 {
		return "", false
	}
	return tok.Attr[0].Val, true
}

// FuzzAttrValue holds the attribute decoder to x/net/html's tokenizer
// (which follows the standard's attribute rule), and checks that a legacy
// name followed by '=' or an alphanumeric is never decoded.
func FuzzAttrValue(f *testing.F) {
	for _, s := range []string{"/p?a=1&copy=2&reg=1", "&amp;&lt&gt=&#x26;&#38", "&notin;&notit;&frac12=", "&#x110000;&#128;&#0", "&&;&#;&#x;"} {
		f.Add([]byte(s), uint8(0), byte('='))
	}
	legacy := LegacyNames()
	f.Fuzz(func(t *testing.T, v []byte, name uint8, follow byte) {
		// '"' would end the value; the tokenizer turns CR into LF and NUL
		// into U+FFFD before references are decoded.
		for _, c := range []byte{'"', '\r', 0} {
			v = bytes.ReplaceAll(v, []byte{c}, nil)
		}
		got := string(AppendAttrValue(nil, v))
		if want, ok := netAttrValue(v); ok && got != want {
			t.Fatalf("%q: got %q, x/net/html %q", v, got, want)
		}
		// A legacy reference followed by '=' or an alphanumeric and then
		// a space stays as written, unless the two form a longer name.
		if follow != '=' && !isAlnum(follow) {
			follow = '='
		}
		n := legacy[int(name)%len(legacy)]
		if _, ok := entities()[n+string(follow)]; ok {
			return
		}
		ref := "&" + n + string(follow)
		w := append(append(slices.Clip(v), ref...), ' ')
		if got := AppendAttrValue(nil, w); !bytes.HasSuffix(got, []byte(ref+" ")) {
			t.Fatalf("%q decodes to %q", w, got)
		}
	})
}
