package iri

import "testing"

// The preprocessing of the WHATWG URL Standard's basic URL parser: "Remove
// any leading and trailing C0 control or space from input", "Remove all
// ASCII tab or newline from input", and "\" read as "/" for special URLs in
// the scheme, authority and path states (a reference without a scheme takes
// the special base of an HTML document).
func TestPreprocessURL(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"leading and trailing space and C0", " \t\n\x00\x1fhttps://ex.org/ \x01\x1f\r", "https://ex.org/"},
		{"DEL is not a C0 control", "\x7fhttp://a/\x7f", "\x7fhttp://a/\x7f"},
		{"no-break space is not stripped", "\u00a0http://a/", "\u00a0http://a/"},
		{"newline in the path", "https://ex.org/a\nb", "https://ex.org/ab"},
		{"CR LF in the host", "https://ex\r\n.org/", "https://ex.org/"},
		{"tab in the scheme", "ht\ttp://ex.org/", "http://ex.org/"},
		{"tab in the query and fragment", "https://ex.org/?a\t=1#b\tc", "https://ex.org/?a=1#bc"},
		{"inner space and C0 kept", "https://ex.org/a b\x01c", "https://ex.org/a b\x01c"},
		{"backslash in the path", "https://ex.org/a\\b", "https://ex.org/a/b"},
		{"backslashes as authority slashes", "http:\\\\ex.org\\a", "http://ex.org/a"},
		{"mixed slashes", "https:/\\ex.org/\\x", "https://ex.org//x"},
		{"upper-case special scheme", "HTTPS:\\\\ex.org\\", "HTTPS://ex.org/"},
		{"ws", "ws://h\\p", "ws://h/p"},
		{"wss", "wss://h\\p", "wss://h/p"},
		{"ftp", "ftp://h\\p\\q", "ftp://h/p/q"},
		{"file", "file:\\\\\\C:\\x", "file:///C:/x"},
		{"query and fragment keep backslashes", "http://h\\a?b\\c#d\\e", "http://h/a?b\\c#d\\e"},
		{"fragment only after the path", "http://h/a#b\\c?d\\e", "http://h/a#b\\c?d\\e"},
		{"not special: mailto", "mailto:a\\b@example.org", "mailto:a\\b@example.org"},
		{"not special: urn", "urn:x\\y", "urn:x\\y"},
		{"not special: other", "foo://h\\p", "foo://h\\p"},
		{"tab removed in any scheme", "javascript:a\nb", "javascript:ab"},
		{"scheme-relative", "\\\\server\\share", "//server/share"},
		{"path-relative", "a\\b", "a/b"},
		{"dot segments", "..\\x\\.\\y", "../x/./y"},
		{"query-only reference", "?q\\x", "?q\\x"},
		{"fragment-only reference", "#f\\x", "#f\\x"},
		{"a scheme starts with a letter", "1a:\\b", "1a:/b"},
		{"a space cannot be in a scheme", "a b:\\c", "a b:/c"},
		{"stray percent kept", "http://ex.org/%zz%", "http://ex.org/%zz%"},
		{"empty", " \t ", ""},
		{"invalid UTF-8 kept", "http://ex.org/\xff\n\xfe", "http://ex.org/\xff\xfe"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PreprocessURL(tt.in)
			if got != tt.want {
				t.Errorf("PreprocessURL(%+q) = %+q, want %+q", tt.in, got, tt.want)
			}
			if again := PreprocessURL(got); again != got {
				t.Errorf("not idempotent: %+q -> %+q", got, again)
			}
		})
	}
}
