package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README's tour is true: each "$ command" of its console blocks,
// run by sh in the repository root with this build of iriscan first on
// PATH, prints what the README shows under it. Durations (61ms) and
// byte counts that depend on the run are the only parts compared loosely.
func TestREADMEExamples(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	bin := buildIriscan(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	loose := regexp.MustCompile(`\d+(\.\d+)?(ms|s|µs)\b`)
	n := 0
	for _, block := range consoleBlocks(string(readme)) {
		for _, ex := range block {
			if strings.Contains(ex.cmd, "--out /tmp/") {
				// Writes outside the test's directories: run it in one.
				ex.cmd = strings.ReplaceAll(ex.cmd, "--out /tmp/", "--out "+t.TempDir()+"/")
			}
			n++
			c := exec.Command("sh", "-c", ex.cmd)
			c.Dir, c.Env = root, env
			var out bytes.Buffer
			c.Stdout, c.Stderr = &out, &out
			c.Run() // the status is not shown in the README; the output is
			got, want := loose.ReplaceAllString(out.String(), "T"), loose.ReplaceAllString(ex.out, "T")
			if got != want {
				t.Errorf("$ %s\n got:\n%s\nwant:\n%s", ex.cmd, got, want)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d README examples found", n)
	}
}

type example struct{ cmd, out string }

// consoleBlocks returns the commands and outputs of each ```console block
// of a Markdown text; a "…" line in an output stands for lines left out,
// so a block with one is not compared.
func consoleBlocks(md string) [][]example {
	var blocks [][]example
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		if lines[i] != "```console" {
			continue
		}
		var b []example
		skip := false
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			l := lines[i]
			switch {
			case strings.HasPrefix(l, "$ "):
				cmd := strings.TrimPrefix(l, "$ ")
				if k := strings.Index(cmd, "   #"); k >= 0 {
					cmd = strings.TrimSpace(cmd[:k]) // a comment for the reader
				}
				b = append(b, example{cmd: cmd})
			case l == "…":
				skip = true
			case len(b) > 0:
				b[len(b)-1].out += l + "\n"
			}
		}
		if !skip {
			blocks = append(blocks, b)
		}
	}
	return blocks
}
