package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// walkOperands calls file for each file the operands name, in order: "-"
// (standard input) and every operand that is not a directory as given, and
// for a directory the regular files below it in lexical order, as gofmt -l
// and xurls walk them: symbolic links are not followed, and hidden files
// and directories (names starting with ".") are skipped. A directory that
// cannot be read is reported through fail and the walk goes on. The walk
// ends early when file returns false (standard output has failed).
func walkOperands(operands []string, file func(name string) (more bool), fail func(error)) {
	for _, op := range operands {
		if fi, err := os.Stat(op); op == "-" || err != nil || !fi.IsDir() {
			if !file(op) { // a file that cannot be read reports its own error
				return
			}
			continue
		}
		more := true
		filepath.WalkDir(op, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				fail(err)
				return nil
			}
			if path != op && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && !file(path) {
				more = false
				return filepath.SkipAll
			}
			return nil
		})
		if !more {
			return
		}
	}
}
