package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/iriscan/iriscan/scanner/scantest"
)

var (
	corpusDir  = flag.String("corpus", "", "run the benchmark of iriscan corpus instead: a generated tree written to (and reused from) `dir`/src, converted with 1 and 2 workers")
	corpusSize = flag.Int("corpus-size", 1024, "MB of the -corpus tree")
	corpusOut  = flag.String("corpus-out", "", "write the -corpus outputs under `dir` instead of the -corpus dir (a tmpfs such as /dev/shm takes fsync out of the measurement)")
	corpusRuns = flag.Int("corpus-runs", 3, "rounds of the -corpus benchmark; each runs 1 and 2 workers, and the best wall time of each counts")
)

// writeCorpusTree writes files of about 1 MiB until they hold size bytes,
// in 16 directories: HTML pages, English and Japanese prose, and one file
// in eight gzipped, unless they are there already.
func writeCorpusTree(dir string, size int64) (n int, total int64) {
	for i := 0; total < size; i++ {
		name := [...]string{"page%04d.html", "en%04d.txt", "ja%04d.txt", "page%04d.html"}[i%4]
		name = fmt.Sprintf(name, i)
		if i%8 == 7 {
			name += ".gz"
		}
		p := filepath.Join(dir, fmt.Sprintf("d%02d", i%16), name)
		fi, err := os.Stat(p)
		if err != nil {
			var data []byte
			switch i % 4 {
			case 0:
				data = scantest.Page(1<<20, int64(1000+i))
			case 1:
				data = scantest.Prose(1<<20, 2048, &scantest.English, int64(2000+i))
			case 2:
				data = scantest.Prose(1<<20, 2048, &scantest.Japanese, int64(3000+i))
			case 3:
				data = scantest.Page(1<<20, int64(4000+i))
			}
			if i%8 == 7 {
				var b bytes.Buffer
				zw := gzip.NewWriter(&b)
				zw.Write(data)
				zw.Close()
				data = b.Bytes()
			}
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, data, 0o644); err != nil {
				log.Fatal(err)
			}
			fi, _ = os.Stat(p)
		}
		n++
		total += fi.Size()
	}
	return n, total
}

// runCorpus measures iriscan corpus on the tree with 1 and 2 workers,
// side by side in each round: wall-clock MB/s (the point of workers is
// wall time) and peak RSS.
func runCorpus() {
	dir := *corpusDir
	bin, err := filepath.Abs(filepath.Join(dir, "iriscan"))
	if err != nil {
		log.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", bin, "./cmd/iriscan")
	build.Dir = ".."
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		log.Fatalf("building iriscan: %v", err)
	}
	src := filepath.Join(dir, "src")
	files, size := writeCorpusTree(src, int64(*corpusSize)<<20)
	// Into the page cache: every round reads the same cached bytes.
	filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() {
			if b, err := os.ReadFile(p); err == nil {
				_ = b
			}
		}
		return nil
	})
	mb := float64(size) / 1e6
	best := map[int]time.Duration{}
	cpu := map[int]time.Duration{}
	rss := map[int]int64{}
	for round := range *corpusRuns {
		for _, jobs := range []int{1, 2} {
			outDir := dir
			if *corpusOut != "" {
				outDir = *corpusOut
			}
			out := filepath.Join(outDir, fmt.Sprintf("out-%d", jobs))
			argv := []string{bin, "corpus", "--to", "uri", "--force", "--jobs", fmt.Sprint(jobs), "--out", out, src}
			c, wall, r := timeRun(argv, fmt.Sprintf("corpus --jobs %d", jobs))
			if round == 0 || wall < best[jobs] {
				best[jobs], cpu[jobs] = wall, c
			}
			rss[jobs] = max(rss[jobs], r)
			fmt.Fprintf(os.Stderr, "round %d, %d worker(s): %.1f s wall, %.1f s CPU, %.1f MB peak RSS\n", round+1, jobs, wall.Seconds(), c.Seconds(), float64(r)/1024)
		}
	}
	fmt.Printf("iriscan corpus --to uri over %d files, %.0f MB (HTML, English and Japanese text, 1 in 8 gzipped):\n\n", files, mb)
	fmt.Printf("workers  wall MB/s  CPU s  peak RSS MB\n")
	for _, j := range []int{1, 2} {
		fmt.Printf("%7d  %9.1f  %5.1f  %11.1f\n", j, mb/best[j].Seconds(), cpu[j].Seconds(), float64(rss[j])/1024)
	}
	fmt.Printf("\n2 workers / 1 worker: %.2fx (wall, best of %d rounds run side by side); peak RSS per worker with 2: %.1f MB. %s\n",
		best[1].Seconds()/best[2].Seconds(), *corpusRuns, float64(rss[2])/1024/2, loadNote())
}
