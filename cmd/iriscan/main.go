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
		{"extract", "find the IRIs in text or HTML files and print them as JSON Lines", runExtract},
		{"rewrite", "rewrite the IRIs of text, HTML or mail files to URIs, IRIs or display form", runRewrite},
		{"linkify", "turn the IRIs of text, HTML or mail files into HTML links", runLinkify},
		{"corpus", "convert whole trees of text, HTML, mail and gzip files, resumably and in shards", runCorpus},
		{"help", "show this help, or the help of a command", runHelp},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to the subcommand named by args[0].
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "iriscan: unknown command %q\n", args[0])
	usage(stderr)
	return 2
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
Run "iriscan help <command>" or "iriscan <command> -h" for the flags of a command.
`)
}

func runHelp(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stdout)
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] && c.name != "help" {
			return c.run([]string{"-h"}, stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "iriscan help: unknown command %q\n", args[0])
	return 2
}

// newFlagSet returns the flag set of a subcommand: errors go to stderr, and
// its usage is the text usage followed by the flags.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args into fs. done is true when the command must stop
// with status: 0 after -h (the usage goes to stdout), 2 after a usage error
// (the flag package has reported it).
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (status int, done bool) {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return 0, true
	}
	return 2, true
}
