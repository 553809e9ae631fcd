package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
)

const convertUsage = `Usage: iriscan convert --to uri|iri|display|normal [--charset LABEL] [--bidi MODE] [REF...]

Converts each IRI reference REF, or each line of standard input when no REF
is given, and prints exactly one line per input, in order.

  --to uri       the URI form (RFC 3987bis Section 3.6): UTF-8 percent-encoding,
                 IDNA ToASCII for the host, the document charset for http(s)
                 queries when --charset names a non-UCS charset (Section 3.5)
  --to iri       the IRI form (Section 3.7): percent-encoded UTF-8 decoded where
                 the characters are allowed, A-labels shown as Unicode
  --to display   the form to show to people (Section 4): like iri, with
                 bidi-unsafe components percent-encoded, spoofable host labels
                 as A-labels, and right-to-left IRIs wrapped as --bidi says
  --to normal    the normal form of the comparison ladder (Section 5.3)

An input that cannot be converted is printed unchanged, a message
"iriscan: line N: <reason>" goes to standard error, and the exit status is 1.
Usage errors exit with status 2.

Flags:
`

func runConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("convert", convertUsage)
	to := fs.String("to", "", "target form: `uri`, iri, display or normal (required)")
	label := fs.String("charset", "", "document charset `LABEL` (any WHATWG label) for Sections 3.1 and 3.5")
	bidiFlag := fs.String("bidi", "isolate", "display wrapper for right-to-left IRIs: `isolate` (LRI/PDI), embed (LRE/PDF), marks (LRM around delimiters), none")
	refs, status, done := parseFlags(fs, args, stdout, stderr)
	if done {
		return status
	}
	var conv iri.Converter
	var convert func(string) (string, error)
	switch *to {
	case "uri":
		convert = conv.ToURI
	case "iri":
		convert = conv.ToIRI
	case "display":
		convert = conv.Display
	case "normal":
		convert = conv.Normalize
	case "":
		return usageError(stderr, "convert", "--to is required (uri, iri, display or normal)")
	default:
		return usageError(stderr, "convert", fmt.Sprintf("unknown --to %q (want uri, iri, display or normal)", *to))
	}
	mode, ok := iri.ParseBidiMode(*bidiFlag)
	switch {
	case !ok:
		return usageError(stderr, "convert", fmt.Sprintf("unknown --bidi %q (want isolate, embed, marks or none)", *bidiFlag))
	case *to != "display" && flagSet(fs, "bidi"):
		return usageError(stderr, "convert", "--bidi applies to --to display only")
	}
	conv.Bidi = mode
	if *label != "" {
		cs, err := charset.Lookup(*label)
		if err != nil {
			return usageError(stderr, "convert", fmt.Sprintf("--charset: %v", err))
		}
		conv.Charset = cs
	}

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	line := 0
	each := func(ref string) {
		line++
		got, err := convert(ref)
		if err != nil {
			got = ref
			status = 1
			out.Flush()
			fmt.Fprintf(stderr, "iriscan: line %d: %v\n", line, err)
		}
		out.WriteString(got)
		out.WriteByte('\n')
	}
	if err := eachInput(refs, stdin, each); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "iriscan: reading standard input: %v\n", err)
		return 2
	}
	return status
}

// eachInput calls each for every operand, or, when there is none, for
// every line of stdin without its line ending (LF or CRLF); the error is
// that of reading stdin.
func eachInput(operands []string, stdin io.Reader, each func(string)) error {
	if len(operands) > 0 {
		for _, s := range operands {
			each(s)
		}
		return nil
	}
	in := bufio.NewReader(stdin)
	for {
		s, err := in.ReadString('\n')
		if s != "" {
			s = strings.TrimSuffix(s, "\n")
			each(strings.TrimSuffix(s, "\r"))
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
