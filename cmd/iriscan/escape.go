package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
)

const escapeUsage = `Usage: iriscan escape --component NAME [--to uri|iri] [--bytes] [--charset LABEL] [STRING...]

Percent-encodes each STRING, or each line of standard input when no STRING
is given, as data for one component of an IRI, and prints exactly one line
per input, in order. The data holds no escapes: a "%" becomes "%25".

Components (--component):
  path-segment   one segment: "/" is encoded ("a/b" is "a%2Fb")
  path           a whole path: "/" stays a separator
  query          a whole query: "&" and "=" stay
  query-name     the name of a name=value pair: "&", "=", "+", ";" encoded
  query-value    the value of a name=value pair ("a=b&c" is "a%3Db%26c")
  fragment       the fragment identifier
  userinfo       the userinfo of an authority: "@" encoded, ":" kept

  --to uri       non-ASCII characters as percent-encoded UTF-8 (default)
  --to iri       characters an IRI allows (ucschar; private use only in the
                 query) kept as they are
  --bytes        standard input is raw octets, escaped whole as one string;
                 without --charset every octet but ALPHA, DIGIT, "-", ".",
                 "_" and "~" becomes %XX (RFC 3986 Section 2.1)
  --charset L    without --bytes: the text is encoded in charset L and its
                 octets percent-encoded (the document charset of an http form
                 query, RFC 3987bis Section 3.5); --to makes no difference.
                 With --bytes: standard input is text in charset L, decoded
                 and then escaped as Unicode for --to (Section 8.4).

Lines of standard input end at LF; a CR before it is removed. An input that
cannot be escaped (a character the charset lacks, octets not valid in it)
prints an empty line, a message "iriscan: line N: <reason>" goes to
standard error, and the exit status is 1. Usage errors exit with status 2.

Flags:
`

func runEscape(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("escape", escapeUsage)
	compName := fs.String("component", "", "`NAME` of the component: path-segment, path, query, query-name, query-value, fragment, userinfo (required)")
	to := fs.String("to", "uri", "output form: `uri` or iri")
	raw := fs.Bool("bytes", false, "escape the raw octets of standard input as one string")
	label := fs.String("charset", "", "charset `LABEL` (any WHATWG label) of the octets")
	strs, status, done := parseFlags(fs, args, stdout, stderr)
	if done {
		return status
	}
	if *compName == "" {
		return usageError(stderr, "escape", "--component is required (path-segment, path, query, query-name, query-value, fragment or userinfo)")
	}
	c, ok := iri.ComponentByName(*compName)
	if !ok {
		return usageError(stderr, "escape", fmt.Sprintf("unknown --component %q (want path-segment, path, query, query-name, query-value, fragment or userinfo)", *compName))
	}
	esc := iri.EscapeURI
	switch *to {
	case "uri":
	case "iri":
		esc = iri.Escape
	default:
		return usageError(stderr, "escape", fmt.Sprintf("unknown --to %q (want uri or iri)", *to))
	}
	var cs *charset.Charset
	if *label != "" {
		var err error
		if cs, err = charset.Lookup(*label); err != nil {
			return usageError(stderr, "escape", fmt.Sprintf("--charset: %v", err))
		}
	}
	if *raw && len(strs) > 0 {
		return usageError(stderr, "escape", "--bytes reads standard input; give no STRING")
	}

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	if *raw {
		b, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "iriscan: reading standard input: %v\n", err)
			return 2
		}
		var s string
		if cs == nil {
			s = iri.EscapeBytes(b, c)
		} else {
			text, err := iri.DecodeCharset(b, cs)
			if err != nil {
				fmt.Fprintf(stderr, "iriscan: standard input: %v\n", err)
				return 1
			}
			s = esc(text, c)
		}
		out.WriteString(s)
		out.WriteByte('\n')
		return 0
	}

	line := 0
	each := func(s string) {
		line++
		if cs != nil {
			var err error
			if s, err = iri.EscapeCharset(s, cs, c); err != nil {
				s = ""
				status = 1
				out.Flush()
				fmt.Fprintf(stderr, "iriscan: line %d: %v\n", line, err)
			}
		} else {
			s = esc(s, c)
		}
		out.WriteString(s)
		out.WriteByte('\n')
	}
	if err := eachInput(strs, stdin, each); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "iriscan: reading standard input: %v\n", err)
		return 2
	}
	return status
}
