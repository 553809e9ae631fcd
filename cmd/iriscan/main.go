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
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/iriscan/iriscan/internal/atomicfile"
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
		{"escape", "percent-encode data for one component of an IRI or URI", runEscape},
		{"extract", "find the IRIs in text, HTML or mail files and print them", runExtract},
		{"rewrite", "rewrite the IRIs of text, HTML or mail files to URIs, IRIs or display form", runRewrite},
		{"linkify", "turn the IRIs of text, HTML or mail files into HTML links", runLinkify},
		{"lint", "report links that lie about where they go (spoofed hosts, bidi tricks, script URLs)", runLint},
		{"corpus", "convert whole trees of text, HTML, mail and gzip files, resumably and in shards", runCorpus},
		{"version", "print the version of iriscan", runVersion},
		{"help", "show this help, or the help of a command", runHelp},
	}
}

func main() {
	// A closed pipe on standard output comes back as EPIPE, which
	// stdoutFile turns into a quiet exit, rather than killing the
	// program before -w and -o can remove their temporary files.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	setMemoryLimit = limitMemory
	setMemoryLimit(1)
	status := run(os.Args[1:], os.Stdin, stdoutFile{os.Stdout}, os.Stderr)
	// The last write error of a file system may come with close.
	if err := os.Stdout.Close(); err != nil && !errors.Is(err, syscall.EBADF) && status < 2 {
		fmt.Fprintf(os.Stderr, "iriscan: writing standard output: %v\n", err)
		status = 2
	}
	os.Exit(status)
}

// The soft memory limit (runtime/debug.SetMemoryLimit) the command runs
// under when GOMEMLIMIT is unset: baseMemoryLimit, and jobMemoryLimit
// more for each file converted at once after the first (iriscan corpus
// --jobs). The live heap of one document is a few MB (the scanner's
// window, a mail part's buffers), but without a limit the garbage
// collector lets the heap grow to twice the live heap between cycles, and
// further when it gets little CPU on a loaded machine: a message of 10^6
// small parts peaked at 19–84 MB RSS. The limit is soft: a heap that
// needs more (a text part held whole) gets it, with more frequent
// collections. docs/performance.md has the measurements.
const (
	baseMemoryLimit = 40 << 20
	jobMemoryLimit  = 24 << 20
)

// setMemoryLimit sets the soft memory limit for jobs documents at once;
// main makes it limitMemory (the tests, which call the commands in their
// own process, leave it doing nothing).
var setMemoryLimit = func(jobs int) {}

func limitMemory(jobs int) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return // the user's own limit
	}
	debug.SetMemoryLimit(baseMemoryLimit + int64(max(jobs, 1)-1)*jobMemoryLimit)
}

// cleanupOnSignals makes SIGINT, SIGTERM and SIGHUP remove the temporary
// files of the writes under way (-w, -o) and exit with 128 plus the signal
// number, as a shell reports a process the signal killed, until stop is
// called.
func cleanupOnSignals() (stop func()) {
	c := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(c, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		select {
		case s := <-c:
			exitOnSignal(s.(syscall.Signal))
		case <-done:
		}
	}()
	return func() {
		signal.Stop(c)
		close(done)
	}
}

func exitOnSignal(s syscall.Signal) {
	atomicfile.Cleanup()
	os.Exit(128 + int(s))
}

// stdoutFile is standard output. A closed pipe (EPIPE) ends the program
// quietly at once, as SIGPIPE ends other tools, with status 141.
type stdoutFile struct{ f *os.File }

func (w stdoutFile) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	if errors.Is(err, syscall.EPIPE) {
		exitOnSignal(syscall.SIGPIPE)
	}
	return n, err
}

// run dispatches to the subcommand named by args[0]. A command that could
// not write all of its output to stdout exits with status 2.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &outWriter{w: stdout}
	status := dispatch(args, stdin, out, stderr)
	if out.err != nil && status < 2 {
		fmt.Fprintf(stderr, "iriscan: writing standard output: %v\n", out.err)
		status = 2
	}
	return status
}

// outWriter keeps the first error of writing w: every command's output is
// checked, whether the command checks it or not.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	o.err = err
	return n, err
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
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

// maxMaxLength is the ceiling of --max-length: 2 MiB, the longest URL
// Chromium accepts (url::kMaxURLChars). A scanner holds a window of about
// twice --max-length, so the ceiling keeps memory within bounds.
const maxMaxLength = 2 << 20

// checkMaxLength returns what is wrong with the --max-length value n, or
// "".
func checkMaxLength(n int) string {
	switch {
	case n <= 0:
		return fmt.Sprintf("--max-length must be positive, not %d", n)
	case n > maxMaxLength:
		return fmt.Sprintf("--max-length must be at most %d (2 MiB), not %d", maxMaxLength, n)
	}
	return ""
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
