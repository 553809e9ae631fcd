package iri

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

var fuzzSeeds = []string{
	"http://www.example.org/D%C3%BCrst",
	"http://www.example.org/D%FCrst",
	"http://xn--99zt52a.example.org/%e2%80%ae",
	"http://r\u00e9sum\u00e9.example.org",
	"http://\u4f8b\u3048.\u30c6\u30b9\u30c8/\u8cc7\u6599?q=\u6771\u4eac#\u00e9",
	"https://ar.wikipedia.org/wiki/\u0645\u0635\u0631",
	"http://[fe80::1%25eth0]/%C3%BC",
	"http://a@b@c:80/%%C3%BC%zz?x#y#z",
	"../\u05d0\u05d1/./c;d?e#f",
	"http://example.com/%E3%E3%82%A4%CE%CE%B1%C0%AF",
	"http://xn--mgbh0fb.xn--kgbechtv/%D8%9C",
	"mailto:D\u00fcrst@example.org",
	"http://example.com/a(b))c.",
	"HTTP://www.EXAMPLE.com:80/a/./b/../c/%7euser",
	"http://[v7.x:y]/",
	"//\u00e9.example/",
	"http://\u0430pple.com/",
	"http://example.com/a b\u200e\u202e\ue000?\ue000#\ufdd0",
	"http://ex ample.com/",
	"http://example.com/a;",
	"http://example.com/100%",
}

func addSeeds(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
}

// uriSyntaxOK reports whether s is an RFC 3986 URI-reference: ASCII, and
// valid by Validate apart from the IDNA check of ASCII host names (which RFC
// 3986 does not make).
func uriSyntaxOK(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	for _, v := range Validate(s) {
		if v.Code != CodeBadHost {
			return false
		}
	}
	return true
}

// canonURI maps a URI to a form in which the differences Section 3.7 allows
// between a URI and ToURI(ToIRI(URI)) disappear: the case of
// percent-encodings, percent-encoded unreserved characters, and the case of
// a host name (an "xn--" label comes back lowercase). extra lists further
// ASCII characters whose percent-encoding is to be decoded.
func canonURI(s, extra string) string {
	u, err := Parse(s)
	if err != nil {
		return s
	}
	norm := func(x string) string {
		x = normPercent(x)
		for i := 0; i < len(extra); i++ {
			c := extra[i]
			x = strings.ReplaceAll(x, string(appendPct(nil, c)), string(c))
		}
		return x
	}
	host := u.Host
	if u.HostKind == HostRegName {
		if strings.IndexByte(host, '%') >= 0 {
			if a, err := HostToASCII(percentDecode(host)); err == nil {
				host = a
			}
		}
		host = strings.ToLower(norm(host))
	}
	var b strings.Builder
	u.write(&b, norm(u.Userinfo), host, norm(u.Path), norm(u.Query), norm(u.Fragment))
	return b.String()
}

// Parse never panics, reassembles its input, and a valid IRI converts.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		vs := Validate(s)
		if err != nil {
			if len(vs) != 1 || vs[0] != err {
				t.Fatalf("Parse error %v but Validate %v", err, vs)
			}
			return
		}
		if got := u.String(); got != s {
			t.Fatalf("String() = %q, want %q", got, s)
		}
		for _, v := range vs {
			if v.Offset < 0 || v.Offset > len(s) {
				t.Fatalf("violation offset out of range: %v", v)
			}
		}
		if len(vs) == 0 {
			uri, err := ToURI(s)
			if err != nil {
				t.Fatalf("valid IRI %q does not convert: %v", s, err)
			}
			if !uriSyntaxOK(uri) {
				t.Fatalf("ToURI(%q) = %q is not a URI: %v", s, uri, Validate(uri))
			}
		}
	})
}

// ToURI yields a URI, is idempotent, and is the identity on URIs.
func FuzzToURI(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		uri, err := ToURI(s)
		if err != nil {
			if uri != s {
				t.Fatalf("error %v but output %q differs from input", err, uri)
			}
			return
		}
		if !uriSyntaxOK(uri) {
			t.Fatalf("ToURI(%q) = %q is not a URI: %v", s, uri, Validate(uri))
		}
		again, err := ToURI(uri)
		if err != nil || again != uri {
			t.Fatalf("ToURI not idempotent: %q -> %q -> %q, %v", s, uri, again, err)
		}
		var c Converter
		b, err := c.AppendURI(nil, s)
		if err != nil || string(b) != uri {
			t.Fatalf("AppendURI = %q, %v; ToURI = %q", b, err, uri)
		}
	})
}

// Forms returns what ToIRI and ToURI return, errors included, for a UTF-8
// and for a legacy-charset document; a FormsCache returns what Forms
// returns, when it misses, keeps and hits (one cache for all the inputs
// of the run and both charsets, so that entries are replaced too).
func FuzzForms(f *testing.F) {
	addSeeds(f)
	sjis := mustCharset(f, "shift_jis")
	var mu sync.Mutex
	var fc FormsCache
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range []*Converter{{}, &sjis} {
			checkForms(t, c, s)
			mu.Lock()
			checkCached(t, &fc, c, s) // a miss
			checkCached(t, &fc, c, s) // a miss that keeps s
			checkCached(t, &fc, c, s) // a hit
			mu.Unlock()
		}
	})
}

func checkForms(t *testing.T, c *Converter, s string) {
	t.Helper()
	wantIRI, wantIRIErr := c.ToIRI(s)
	wantURI, wantURIErr := c.ToURI(s)
	gotIRI, gotIRIErr, gotURI, gotURIErr := c.Forms(s)
	if gotIRI != wantIRI || fmt.Sprint(gotIRIErr) != fmt.Sprint(wantIRIErr) ||
		gotURI != wantURI || fmt.Sprint(gotURIErr) != fmt.Sprint(wantURIErr) {
		t.Fatalf("Forms(%q) = %q, %v, %q, %v; ToIRI, ToURI = %q, %v, %q, %v",
			s, gotIRI, gotIRIErr, gotURI, gotURIErr, wantIRI, wantIRIErr, wantURI, wantURIErr)
	}
}

// For a URI u, ToURI(ToIRI(u)) is u up to the differences Section 3.7
// allows; the IRI contains none of the characters 3.7 keeps encoded. For
// any input ToIRI accepts, the result is a valid IRI.
func FuzzToIRI(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		if out, err := ToIRI(s); err == nil {
			checkValidIRI(t, s, out)
		} else if out != s {
			t.Fatalf("ToIRI(%q) fails (%v) but returns %q", s, err, out)
		}
		uri, err := ToURI(s)
		if err != nil {
			return
		}
		iri, err := ToIRI(uri)
		if err != nil {
			t.Fatalf("ToIRI(%q): %v", uri, err)
		}
		checkValidIRI(t, uri, iri)
		for _, r := range iri {
			if r >= utf8.RuneSelf && keepEncoded(r) {
				t.Fatalf("ToIRI(%q) = %+q contains %U", uri, iri, r)
			}
		}
		back, err := ToURI(iri)
		if err != nil {
			t.Fatalf("ToURI(ToIRI(%q)) = ToURI(%+q): %v", uri, iri, err)
		}
		if canonURI(back, "") != canonURI(uri, "") {
			t.Fatalf("round trip: %q -> %+q -> %q", uri, iri, back)
		}
	})
}

// checkValidIRI fails unless Validate finds nothing in out = ToIRI(in),
// apart from an ASCII host name that ToIRI copied from in as it was written
// (up to decoding percent-encoded unreserved characters and the case of
// A-labels) and the IDNA profile rejects (see ToIRI).
func checkValidIRI(t *testing.T, in, out string) {
	t.Helper()
	for _, v := range Validate(out) {
		if v.Code == CodeBadHost {
			u, _ := Parse(out)
			w, _ := Parse(in)
			if v.Offset == u.HostOffset && isASCII(percentDecode(u.Host)) &&
				strings.EqualFold(percentDecode(u.Host), percentDecode(w.Host)) {
				continue
			}
		}
		t.Fatalf("ToIRI(%+q) = %+q is not an IRI: %v", in, out, v)
	}
}

// The display form without its bidi marks is the same IRI: it converts to
// the same URI, up to the characters the display form escapes for UTS #58.
func FuzzDisplay(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, mode := range []BidiMode{BidiIsolate, BidiMarks} {
			c := Converter{Bidi: mode}
			d, err := c.Display(s)
			if err != nil {
				if _, uerr := ToURI(s); uerr == nil {
					t.Fatalf("Display(%q) fails (%v) where ToURI does not", s, err)
				}
				return
			}
			want, err := ToURI(s)
			if err != nil {
				t.Fatalf("Display(%q) = %+q but ToURI fails: %v", s, d, err)
			}
			stripped := StripBidi(d)
			got, err := ToURI(stripped)
			if err != nil {
				t.Fatalf("display form %+q does not convert: %v", stripped, err)
			}
			// Only unreserved characters (and non-ASCII ones, through
			// Section 3.3) may change form: canonURI allows nothing else.
			if canonURI(got, "") != canonURI(want, "") {
				t.Fatalf("Display(%q) = %+q names %q, want %q", s, d, got, want)
			}
			if isASCII(want) && d != stripped && !hasRTL([]byte(stripped)) {
				t.Fatalf("Display(%q) = %+q has marks without right-to-left text", s, d)
			}
		}
	})
}

// Normalization is idempotent and agrees with Equivalent.
func FuzzNormalize(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		n, err := NormalizeURI(s)
		if err != nil {
			return
		}
		again, err := NormalizeURI(n)
		if err != nil || again != n {
			t.Fatalf("NormalizeURI not idempotent: %q -> %q -> %q, %v", s, n, again, err)
		}
		if !Equivalent(s, n) {
			t.Fatalf("%q not equivalent to its normal form %q", s, n)
		}
		iri, err := Normalize(s)
		if err != nil {
			t.Fatalf("Normalize(%q): %v", s, err)
		}
		if back, err := NormalizeURI(iri); err != nil || back != n {
			t.Fatalf("NormalizeURI(Normalize(%q)) = %q, %v; want %q", s, back, err, n)
		}
	})
}

// LEIRI and Web Address preprocessing yield strings with only IRI
// characters, and never lose a character.
func FuzzLiberal(f *testing.F) {
	addSeeds(f)
	f.Add(" \t http://example.com/a\\b%zz<>\"\r\n")
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{LEIRIToIRI(s), WebAddressToIRI(s)} {
			if i := firstNotIRIChar(out); i >= 0 {
				t.Fatalf("%q -> %q has a non-IRI character at %d", s, out, i)
			}
		}
		if got := percentDecode(LEIRIToIRI(s)); got != percentDecode(s) {
			t.Fatalf("LEIRIToIRI(%q) loses characters: %q", s, LEIRIToIRI(s))
		}
	})
}

// Resolve never panics and yields an absolute reference without dot-segments.
func FuzzResolve(f *testing.F) {
	f.Add("http://a/b/c/d;p?q", "../../g")
	f.Add("http://a/b/c/d;p?q", "g;x=1/../y")
	f.Add("http://\u4f8b/\u8cc7/", "./\u6599?#")
	f.Fuzz(func(t *testing.T, base, ref string) {
		got, err := Resolve(base, ref)
		if err != nil {
			return
		}
		u, err := Parse(got)
		if err != nil {
			t.Fatalf("Resolve(%q, %q) = %q does not parse: %v", base, ref, got, err)
		}
		if u.Scheme == "" {
			t.Fatalf("Resolve(%q, %q) = %q is not absolute", base, ref, got)
		}
		// With an empty reference path, RFC 3986 5.2.2 takes the base's
		// path as it is, dot-segments included.
		if r, _ := Parse(ref); r.Path != "" && strings.HasPrefix(u.Path, "/") && !strings.HasPrefix(u.Path, "/./") {
			for _, seg := range strings.Split(u.Path, "/") {
				if seg == "." || seg == ".." {
					t.Fatalf("Resolve(%q, %q) = %q keeps a dot-segment", base, ref, got)
				}
			}
		}
	})
}

// PreprocessURL is idempotent, leaves no tab or newline and nothing to trim,
// only removes bytes or turns "\" into "/", and keeps an input that ToURI
// accepts acceptable, except where it makes an authority ("http:\\h:x"
// has none, "http://h:x" a bad port): the URL Standard fails there too.
func FuzzPreprocessURL(f *testing.F) {
	addSeeds(f)
	f.Add(" \t https://ex.org/a\\b\nc?d\\e#f\\g \x00")
	f.Add("http:\\\\[::1")
	f.Add("\\\\server\\share")
	f.Add("ht\ttp:/\n/ex ample")
	f.Fuzz(func(t *testing.T, s string) {
		p := PreprocessURL(s)
		if again := PreprocessURL(p); again != p {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, p, again)
		}
		if strings.ContainsAny(p, "\t\n\r") {
			t.Fatalf("PreprocessURL(%q) = %q keeps a tab or newline", s, p)
		}
		if p != "" && (p[0] <= ' ' || p[len(p)-1] <= ' ') {
			t.Fatalf("PreprocessURL(%q) = %q keeps a C0 control or space at an end", s, p)
		}
		if len(p) > len(s) {
			t.Fatalf("PreprocessURL(%q) = %q is longer", s, p)
		}
		// p is s with bytes removed and "\" turned into "/".
		k := 0
		for i := 0; i < len(s) && k < len(p); i++ {
			if s[i] == p[k] || s[i] == '\\' && p[k] == '/' {
				k++
			}
		}
		if k != len(p) {
			t.Fatalf("PreprocessURL(%q) = %q is not a subsequence of its input", s, p)
		}
		if _, err := ToURI(s); err != nil {
			return
		}
		_, err := ToURI(p)
		if err == nil {
			return
		}
		start, end, ok := authorityOf(p)
		v, isV := err.(Violation)
		if !ok || !isV || v.Offset < start || v.Offset > end {
			t.Fatalf("ToURI(%q) succeeds but ToURI(PreprocessURL) = ToURI(%q) fails outside an authority: %v", s, p, err)
		}
		if a, b, ok := authorityOf(s); ok && s[a:b] == p[start:end] {
			t.Fatalf("ToURI(%q) succeeds but ToURI(%q) fails in the same authority: %v", s, p, err)
		}
	})
}

// authorityOf returns the byte range of the authority of s, if it has one:
// after "//" at the start of s or after its scheme, up to "/", "?" or "#".
func authorityOf(s string) (start, end int, ok bool) {
	rest := s
	if scheme, has := urlScheme(s); has {
		rest = s[len(scheme)+1:]
	}
	if !strings.HasPrefix(rest, "//") {
		return 0, 0, false
	}
	start = len(s) - len(rest) + 2
	end = start
	for end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
		end++
	}
	return start, end, true
}
