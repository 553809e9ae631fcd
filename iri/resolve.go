package iri

import "strings"

// Resolve resolves the IRI reference ref against the absolute IRI base with
// the algorithm of RFC 3986 Section 5.2 (Section 6.5: the characters IRIs
// add are treated like unreserved characters). The base's fragment is
// ignored. Resolve works on the IRI text and converts nothing.
func Resolve(base, ref string) (string, error) {
	b, err := Parse(base)
	if err != nil {
		return "", err
	}
	if b.Scheme == "" {
		return "", Violation{Offset: 0, Code: CodeBadScheme, Char: -1, Detail: "base IRI is not absolute"}
	}
	r, err := Parse(ref)
	if err != nil {
		return "", err
	}
	var t IRI // the target; only its flags and Scheme/Port are used by write
	var userinfo, host, path, query, fragment string
	switch {
	case r.Scheme != "":
		t = r
		userinfo, host, query = r.Userinfo, r.Host, r.Query
		path = removeDotSegments(r.Path)
	case r.HasAuthority:
		t = r
		t.Scheme = b.Scheme
		userinfo, host, query = r.Userinfo, r.Host, r.Query
		path = removeDotSegments(r.Path)
	default:
		t = b
		userinfo, host = b.Userinfo, b.Host
		switch {
		case r.Path == "":
			path = b.Path
			if r.HasQuery {
				query = r.Query
			} else {
				query = b.Query
			}
			t.HasQuery = r.HasQuery || b.HasQuery
		case strings.HasPrefix(r.Path, "/"):
			path = removeDotSegments(r.Path)
			query, t.HasQuery = r.Query, r.HasQuery
		default:
			path = removeDotSegments(merge(&b, r.Path))
			query, t.HasQuery = r.Query, r.HasQuery
		}
	}
	t.HasFragment, fragment = r.HasFragment, r.Fragment
	path = keepPathOutOfAuthority(&t, path)
	var sb strings.Builder
	t.write(&sb, userinfo, host, path, query, fragment)
	return sb.String(), nil
}

// merge implements RFC 3986 Section 5.2.3.
func merge(base *IRI, ref string) string {
	if base.HasAuthority && base.Path == "" {
		return "/" + ref
	}
	if i := strings.LastIndexByte(base.Path, '/'); i >= 0 {
		return base.Path[:i+1] + ref
	}
	return ref
}

// removeDotSegments implements RFC 3986 Section 5.2.4.
func removeDotSegments(in string) string {
	if !strings.Contains(in, ".") {
		return in
	}
	out := make([]byte, 0, len(in))
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			out = out[:popSegment(out)]
		case in == "/..":
			in = "/"
			out = out[:popSegment(out)]
		case in == "." || in == "..":
			in = ""
		default:
			i := strings.IndexByte(in[1:], '/')
			if i < 0 {
				i = len(in)
			} else {
				i++
			}
			out = append(out, in[:i]...)
			in = in[i:]
		}
	}
	return string(out)
}

// popSegment returns the length of out without its last segment and the
// "/" before it.
func popSegment(out []byte) int {
	for i := len(out) - 1; i >= 0; i-- {
		if out[i] == '/' {
			return i
		}
	}
	return 0
}

// keepPathOutOfAuthority returns path, prefixed with "/." if removing
// dot-segments left a path that starts with "//" in a reference without an
// authority, where it would be read as one ("a:/.//b" must not become
// "a://b"; the fix the URL Standard also makes).
func keepPathOutOfAuthority(u *IRI, path string) string {
	if !u.HasAuthority && strings.HasPrefix(path, "//") {
		return "/." + path
	}
	return path
}
