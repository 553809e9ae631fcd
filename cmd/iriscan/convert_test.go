package main

import (
	"bytes"
	"strings"
	"testing"
)

func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errOut bytes.Buffer
	status = run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), status
}

func TestConvert(t *testing.T) {
	tests := []struct {
		name   string
		stdin  string
		args   []string
		out    string
		errOut string
		status int
	}{
		{
			name: "uri from args (Section 3.6, RFC 3987 3.1 example)",
			args: []string{"convert", "--to", "uri", "http://r\u00e9sum\u00e9.example.org", "http://www.example.org/D\u00fcrst"},
			out:  "http://xn--rsum-bpad.example.org\nhttp://www.example.org/D%C3%BCrst\n",
		},
		{
			name:  "iri from stdin, CRLF lines, one line per input (Section 3.7.1 examples)",
			stdin: "http://www.example.org/D%C3%BCrst\r\nhttp://www.example.org/D%FCrst\nhttp://xn--99zt52a.example.org/%e2%80%ae",
			args:  []string{"convert", "--to", "iri"},
			out:   "http://www.example.org/D\u00fcrst\nhttp://www.example.org/D%FCrst\nhttp://\u7d0d\u8c46.example.org/%E2%80%AE\n",
		},
		{
			name:   "failure prints the input unchanged, reports the line, exits 1",
			stdin:  "http://a.example/\nhttp://0\u00e0.\u05d0/\nhttp://b.example/\u00e9\n",
			args:   []string{"convert", "--to", "uri"},
			out:    "http://a.example/\nhttp://0\u00e0.\u05d0/\nhttp://b.example/%C3%A9\n",
			errOut: "iriscan: line 2: offset 7: invalid host name",
			status: 1,
		},
		{
			name: "query in the document charset (Section 3.5)",
			args: []string{"convert", "--to", "uri", "--charset", "shift_jis", "http://example.com/\u65e5?q=\u65e5\u672c"},
			out:  "http://example.com/%E6%97%A5?q=%93%FA%96%7B\n",
		},
		{
			name: "display with embeddings (Section 4.1)",
			args: []string{"convert", "--to", "display", "--bidi", "embed", "http://\u05d0\u05d1.example/\u05d2\u05d3", "http://example.com/"},
			out:  "\u202ahttp://\u05d0\u05d1.example/\u05d2\u05d3\u202c\nhttp://example.com/\n",
		},
		{
			name: "normal form (Section 5.3)",
			args: []string{"convert", "--to", "normal", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", "HTTP://www.EXAMPLE.com:80"},
			out:  "example://a/b/c/%7Bfoo%7D/ros\u00e9\nhttp://www.example.com/\n",
		},
		{name: "missing --to", args: []string{"convert", "x"}, errOut: "--to is required", status: 2},
		{name: "bad --to", args: []string{"convert", "--to", "ascii", "x"}, errOut: "unknown --to", status: 2},
		{name: "bad --bidi", args: []string{"convert", "--to", "display", "--bidi", "rtl", "x"}, errOut: "unknown --bidi", status: 2},
		{name: "bad charset", args: []string{"convert", "--to", "uri", "--charset", "klingon", "x"}, errOut: `unknown charset label "klingon"`, status: 2},
		{name: "unknown flag", args: []string{"convert", "--frobnicate"}, errOut: "flag provided but not defined", status: 2},
		{name: "unknown command", args: []string{"frobnicate"}, errOut: `unknown command "frobnicate"`, status: 2},
		{name: "no command", args: nil, errOut: "iriscan: no command given\nRun 'iriscan --help' for usage.\n", status: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tt.stdin, tt.args...)
			if out != tt.out {
				t.Errorf("stdout = %q, want %q", out, tt.out)
			}
			if tt.errOut == "" && errOut != "" || !strings.Contains(errOut, tt.errOut) {
				t.Errorf("stderr = %q, want it to contain %q", errOut, tt.errOut)
			}
			if status != tt.status {
				t.Errorf("status = %d, want %d", status, tt.status)
			}
		})
	}
}

// Every flag of convert is documented by "convert -h" and "help convert".
func TestConvertHelp(t *testing.T) {
	for _, args := range [][]string{{"convert", "-h"}, {"help", "convert"}} {
		out, _, status := runCmd(t, "", args...)
		if status != 0 {
			t.Errorf("%v: status %d", args, status)
		}
		for _, want := range []string{"-to", "-charset", "-bidi", "uri", "iri", "display", "normal", "isolate", "embed", "marks"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: help lacks %q", args, want)
			}
		}
	}
	out, _, status := runCmd(t, "", "help")
	if status != 0 || !strings.Contains(out, "convert") {
		t.Errorf("help: status %d, output %q", status, out)
	}
}
