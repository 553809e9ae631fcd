package iri

import (
	"strings"
	"testing"
)

// FuzzEscape puts random data into every component, in both forms, and
// checks that parsing the built reference and unescaping the component
// gives back the data exactly, that the URI form is an ASCII RFC 3986 URI
// and the IRI form a valid IRI (Validate), and that escaping again changes
// nothing. It does the same for the builders of mailto and file IRIs.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a=b&c", "a/b", "100%", "%41", "a b\r\n", "Dürst", "日本", "\uE000", "\u200F", "\xff\x00", "?#[]@:", "+;", "//x", ".", ".."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		for _, form := range []string{"iri", "uri"} {
			esc := Escape
			if form == "uri" {
				esc = EscapeURI
			}
			check := func(what string, u IRI, got func(IRI) string) {
				t.Helper()
				s := u.String()
				if vs := Validate(s); vs != nil {
					t.Fatalf("%s %s: %q not valid: %v", form, what, s, vs)
				}
				if form == "uri" && !isASCII(s) {
					t.Fatalf("%s %s: %q not ASCII", form, what, s)
				}
				p, err := Parse(s)
				if err != nil {
					t.Fatalf("%s %s: Parse(%q): %v", form, what, s, err)
				}
				if back := Unescape(got(p)); back != data {
					t.Fatalf("%s %s: %q gives back %q, want %q", form, what, s, back, data)
				}
			}
			for c := PathSegment; c <= Userinfo; c++ {
				e := esc(data, c)
				if again := EscapeEncoded(e, c); again != e {
					t.Fatalf("%s %v: EscapeEncoded(%q) = %q", form, c, e, again)
				}
				if form == "uri" {
					if again := EscapeEncodedURI(e, c); again != e {
						t.Fatalf("%s %v: EscapeEncodedURI(%q) = %q", form, c, e, again)
					}
				}
				if !strings.Contains(data, "%") && Escape(data, c) == data && EscapeEncoded(data, c) != data {
					t.Fatalf("%v: allowed text %q changed", c, data)
				}
				base := IRI{Scheme: "http", Host: "example.org", Path: "/"}
				switch c {
				case PathSegment:
					u := base
					u.Path = "/" + e + "/x"
					check("segment", u, func(p IRI) string {
						segs := strings.Split(p.Path, "/")
						if len(segs) != 3 {
							t.Fatalf("path %q has %d segments", p.Path, len(segs))
						}
						return segs[1]
					})
				case Path:
					u := base
					u.Path = "/" + e
					check("path", u, func(p IRI) string { return p.Path[1:] })
				case Query:
					u := base
					u.Query = e
					check("query", u, func(p IRI) string { return p.Query })
				case QueryName, QueryValue:
					u := base
					u.Query = esc(data, QueryName) + "=" + esc(data, QueryValue) + "&z=1"
					check("query name", u, func(p IRI) string {
						pair, _, _ := strings.Cut(p.Query, "&")
						name, _, _ := strings.Cut(pair, "=")
						return name
					})
					check("query value", u, func(p IRI) string {
						pair, _, _ := strings.Cut(p.Query, "&")
						_, value, _ := strings.Cut(pair, "=")
						return value
					})
				case Fragment:
					u := base
					u.Fragment = e
					check("fragment", u, func(p IRI) string { return p.Fragment })
				case Userinfo:
					u := base
					u.Userinfo = e
					check("userinfo", u, func(p IRI) string { return p.Userinfo })
				}
			}
		}

		if got := Unescape(EscapeBytes([]byte(data), Query)); got != data {
			t.Fatalf("EscapeBytes(%q) gives back %q", data, got)
		}

		// Build of a field holding data without "%" gives it back.
		if !strings.Contains(data, "%") {
			u := IRI{Scheme: "http", Host: "example.org", Path: "/x", Query: data}
			if s, err := u.Build(); err == nil {
				p, _ := Parse(s)
				if Unescape(p.Query) != data {
					t.Fatalf("Build query %q gives back %q", data, Unescape(p.Query))
				}
			}
		}

		// file: from a POSIX path.
		fu, err := FilePath("/" + data)
		if err != nil {
			t.Fatal(err)
		}
		fs := fu.String()
		if vs := Validate(fs); vs != nil {
			t.Fatalf("file %q not valid: %v", fs, vs)
		}
		if p, err := Parse(fs); err != nil || Unescape(p.Path) != "/"+data {
			t.Fatalf("file %q gives back %q, %v", fs, Unescape(p.Path), err)
		}
		if uri, err := fu.URI(); err != nil || !isASCII(uri) || Validate(uri) != nil {
			t.Fatalf("file URI %q, %v", uri, err)
		}

		// mailto: the subject comes back exactly, the address's local part
		// too.
		m := Mailto{To: []string{data + "@example.org"}, Subject: data}
		mu := m.IRI()
		ms := mu.String()
		if vs := Validate(ms); vs != nil {
			t.Fatalf("mailto %q not valid: %v", ms, vs)
		}
		p, err := Parse(ms)
		if err != nil {
			t.Fatal(err)
		}
		if data != "" && !strings.HasPrefix(p.Query, "subject=") || Unescape(strings.TrimPrefix(p.Query, "subject=")) != data {
			t.Fatalf("mailto %q: subject does not come back", ms)
		}
		if !strings.HasSuffix(p.Path, "@example.org") || Unescape(strings.TrimSuffix(p.Path, "@example.org")) != data || strings.Contains(strings.TrimSuffix(p.Path, "@example.org"), "@") {
			t.Fatalf("mailto %q: address does not come back", ms)
		}
		if uri, err := mu.URI(); err != nil || !isASCII(uri) || Validate(uri) != nil {
			t.Fatalf("mailto URI %q, %v", uri, err)
		}
	})
}
