package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

const versionUsage = `Usage: iriscan version

Prints the module version of iriscan, the version control revision it was
built from (with "modified" when the work tree had changes) and the Go
version, as recorded in the binary. "iriscan --version" does the same.

`

func runVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", versionUsage)
	operands, status, done := parseFlags(fs, args, stdout, stderr)
	if done {
		return status
	}
	if len(operands) > 0 {
		return usageError(stderr, "version", "takes no arguments")
	}
	fmt.Fprintln(stdout, versionString(debug.ReadBuildInfo()))
	return 0
}

// versionString describes a build: "iriscan VERSION (REVISION, TIME[,
// modified]) GOVERSION". A binary built by go install from the module
// proxy has a module version and no revision; one built in a clone has
// the revision and "(devel)" or a pseudo-version.
func versionString(bi *debug.BuildInfo, ok bool) string {
	if !ok {
		return "iriscan (unknown version: built without module support)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, when string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	out := "iriscan " + v
	if rev != "" {
		out += " (" + rev
		if when != "" {
			out += ", " + when
		}
		if modified {
			out += ", modified"
		}
		out += ")"
	}
	return out + " " + bi.GoVersion
}
