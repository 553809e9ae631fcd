package main

import (
	"strings"
	"testing"
)

// Expected values: RFC 3986 Sections 2.1 and 3.3-3.5, draft-duerst-iri-bis-07
// Section 2.2, and the WHATWG Encoding Standard's index tables for the
// legacy octets (ü is FC in windows-1252; 日本 is 93 FA 96 7B in Shift_JIS).
func TestEscapeCommand(t *testing.T) {
	tests := []struct {
		name   string
		stdin  string
		args   []string
		out    string
		errOut string
		status int
	}{
		{name: "query value from args", args: []string{"escape", "--component", "query-value", "a=b&c", "x y"}, out: "a%3Db%26c\nx%20y\n"},
		{name: "path segment", args: []string{"escape", "--component", "path-segment", "a/b"}, out: "a%2Fb\n"},
		{name: "path keeps slash", args: []string{"escape", "--component", "path", "a/b"}, out: "a/b\n"},
		{name: "query keeps delimiters", args: []string{"escape", "--component", "query", "a=b&c#d"}, out: "a=b&c%23d\n"},
		{name: "query name", args: []string{"escape", "--component=query-name", "a+b"}, out: "a%2Bb\n"},
		{name: "fragment", args: []string{"escape", "--component", "fragment", "a#b?c"}, out: "a%23b?c\n"},
		{name: "userinfo", args: []string{"escape", "--component", "userinfo", "me@home:pw"}, out: "me%40home:pw\n"},
		{name: "percent is data", args: []string{"escape", "--component", "path", "100%", "%41"}, out: "100%25\n%2541\n"},
		{name: "default uri form", args: []string{"escape", "--component", "path", "Dürst"}, out: "D%C3%BCrst\n"},
		{name: "iri form", args: []string{"escape", "--component", "path", "--to", "iri", "Dürst/日本 x"}, out: "Dürst/日本%20x\n"},
		{name: "iri form private use only in query", args: []string{"escape", "--to", "iri", "--component", "query", "\uE000"}, out: "\uE000\n"},
		{name: "iri form private use in path", args: []string{"escape", "--to", "iri", "--component", "path", "\uE000"}, out: "%EE%80%80\n"},
		{name: "flags after operands", args: []string{"escape", "a/b", "--component", "path-segment"}, out: "a%2Fb\n"},
		{name: "empty argument", args: []string{"escape", "--component", "query", ""}, out: "\n"},
		{name: "stdin lines, CRLF", stdin: "a b\r\nc&d\n\ne", args: []string{"escape", "--component", "query-value"}, out: "a%20b\nc%26d\n\ne\n"},
		{name: "stdin not UTF-8", stdin: "D\xfcrst\n", args: []string{"escape", "--component", "path", "--to", "iri"}, out: "D%FCrst\n"},
		{name: "bytes", stdin: "\xff\x00", args: []string{"escape", "--component", "query", "--bytes"}, out: "%FF%00\n"},
		{name: "bytes whole, newline included", stdin: "a b\n", args: []string{"escape", "--component", "path", "--bytes"}, out: "a%20b%0A\n"},
		{name: "bytes unreserved only", stdin: "a/b.c~", args: []string{"escape", "--component", "path", "--bytes"}, out: "a%2Fb.c~\n"},
		{name: "charset encodes octets", args: []string{"escape", "--component", "query-value", "--charset", "windows-1252", "Dürst", "a&ü"}, out: "D%FCrst\na%26%FC\n"},
		{name: "charset shift_jis", args: []string{"escape", "--component", "query", "--charset", "shift_jis", "日本"}, out: "%93%FA%96%7B\n"},
		{name: "charset bytes decodes", stdin: "D\xfcrst/\x80", args: []string{"escape", "--component", "path-segment", "--bytes", "--charset", "windows-1252", "--to", "iri"}, out: "Dürst%2F€\n"},
		{name: "charset bytes decodes uri", stdin: "\x93\xfa\x96\x7b", args: []string{"escape", "--component", "path", "--bytes", "--charset", "shift_jis"}, out: "%E6%97%A5%E6%9C%AC\n"},
		{name: "charset lacks character", args: []string{"escape", "--component", "query", "--charset", "windows-1252", "a", "日", "b"},
			out: "a\n\nb\n", errOut: "iriscan: line 2: charset: U+65E5 '日' at byte 0 cannot be encoded in windows-1252\n", status: 1},
		{name: "charset bytes invalid", stdin: "ab\x81", args: []string{"escape", "--component", "path", "--bytes", "--charset", "shift_jis"},
			errOut: "iriscan: standard input: charset: invalid shift_jis sequence at byte 2\n", status: 1},
		{name: "no component", args: []string{"escape", "x"}, errOut: "iriscan: escape: --component is required", status: 2},
		{name: "unknown component", args: []string{"escape", "--component", "host", "x"}, errOut: "iriscan: escape: unknown --component \"host\"", status: 2},
		{name: "unknown form", args: []string{"escape", "--component", "path", "--to", "display", "x"}, errOut: "iriscan: escape: unknown --to \"display\"", status: 2},
		{name: "unknown charset", args: []string{"escape", "--component", "path", "--charset", "nope", "x"}, errOut: "iriscan: escape: --charset:", status: 2},
		{name: "bytes with operands", args: []string{"escape", "--component", "path", "--bytes", "x"}, errOut: "iriscan: escape: --bytes reads standard input", status: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tt.stdin, tt.args...)
			if out != tt.out || status != tt.status {
				t.Errorf("got %q, status %d; want %q, status %d (stderr %q)", out, status, tt.out, tt.status, errOut)
			}
			if tt.status == 2 {
				if !strings.HasPrefix(errOut, tt.errOut) || strings.Count(errOut, "\n") != 2 {
					t.Errorf("stderr %q, want one line starting %q and the pointer to --help", errOut, tt.errOut)
				}
			} else if errOut != tt.errOut {
				t.Errorf("stderr %q, want %q", errOut, tt.errOut)
			}
		})
	}
}

func TestEscapeHelp(t *testing.T) {
	for _, args := range [][]string{{"escape", "--help"}, {"escape", "-h"}, {"help", "escape"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out, errOut, status := runCmd(t, "", args...)
			if status != 0 || errOut != "" || !strings.HasPrefix(out, "Usage: iriscan escape --component NAME") || !strings.Contains(out, "-component NAME") {
				t.Errorf("status %d, stderr %q, stdout %q", status, errOut, out)
			}
		})
	}
}
