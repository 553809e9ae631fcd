// Command iriscan finds Internationalized Resource Identifiers (IRIs) in
// documents and converts them between their forms.
//
// Usage:
//
//	iriscan <command> [flags] [arguments]
//
// Run "iriscan help" for the list of commands and "iriscan <command> -h" for
// the flags of one.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// A command is one subcommand of iriscan. run returns the exit status.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands []command

func init() {
	commands = []command{
		{"convert", "convert IRI references to URIs, IRIs, display or normal form", runConvert},
		{"extract", "find the IRIs in text, HTML or mail files and print them", runExtract},
		{"rewrite", "rewrite the IRIs of text, HTML or mail files to URIs, IRIs or display form", runRewrite},
		{"linkify", "turn the IRIs of text, HTML or mail files into HTML links", runLinkify},
		{"corpus", "convert whole trees of text, HTML, mail and gzip files, resumably and in shards", runCorpus},
		{"version", "print the version of iriscan", runVersion},
		{"help", "show this help, or the help of a command", runHelp},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to the subcommand named by args[0].
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return usageError(stderr, "", "no command given")
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(stdout)
		return 0
	case "-version", "--version":
		return runVersion(args[1:], stdin, stdout, stderr)
	}
	return usageError(stderr, "", fmt.Sprintf("unknown command %q", args[0]))
}

func usage(w io.Writer) {
	fmt.Fprint(w, `iriscan finds Internationalized Resource Identifiers (IRIs) in documents
and converts them between their forms (draft-duerst-iri-bis-07, RFC 3987).

Usage:

	iriscan <command> [flags] [arguments]

Commands:

`)
	for _, c := range commands {
		fmt.Fprintf(w, "	%-10s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Run "iriscan help <command>" or "iriscan <command> --help" for the flags of a command.
`)
}

func runHelp(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stdout)
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] && c.name != "help" {
			return c.run([]string{"--help"}, stdin, stdout, stderr)
		}
	}
	return usageError(stderr, "help", fmt.Sprintf("unknown command %q", args[0]))
}

// usageError reports a usage error of command cmd ("" for iriscan itself)
// on one line, with a pointer to the help, and returns exit status 2.
func usageError(stderr io.Writer, cmd, msg string) int {
	help := "iriscan --help"
	if cmd != "" {
		help = "iriscan " + cmd + " --help"
		msg = cmd + ": " + msg
	}
	fmt.Fprintf(stderr, "iriscan: %s\nRun '%s' for usage.\n", msg, help)
	return 2
}

// newFlagSet returns the flag set of a subcommand; its usage is the text
// usage followed by the flags. parseFlags prints it and reports errors.
func newFlagSet(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses the flags of args into fs and returns the operands.
// Flags may come before, between and after operands, as GNU tools allow;
// "--" ends the flags, and "-" alone is an operand (standard input).
// done is true when the command must stop with status: 0 after -h or
// --help (the usage goes to stdout, once), 2 after a usage error (one
// line on stderr with a pointer to --help).
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (operands []string, status int, done bool) {
	var flags []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			operands = append(operands, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			operands = append(operands, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fs.Lookup(name); f != nil && !isBoolFlag(f) && i+1 < len(args) {
			i++
			flags = append(flags, args[i]) // the flag's value, whatever it looks like
		}
	}
	err := fs.Parse(flags)
	switch {
	case err == nil:
		return operands, 0, false
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return nil, 0, true
	}
	return nil, usageError(stderr, fs.Name(), err.Error()), true
}

// isBoolFlag reports whether f takes no value (-w, not -o FILE).
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// flagSet reports whether the flag called name was given on the command
// line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
