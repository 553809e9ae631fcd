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
// cannot be read is reported through fail and the walk goes on.
func walkOperands(operands []string, file func(name string), fail func(error)) {
	for _, op := range operands {
		if op == "-" {
			file(op)
			continue
		}
		fi, err := os.Stat(op)
		if err != nil || !fi.IsDir() {
			file(op) // the file reports its own error
			continue
		}
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
			if d.Type().IsRegular() {
				file(path)
			}
			return nil
		})
	}
}
