package corpus

import (
	"fmt"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/detect"
)

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"0/1", Shard{0, 1}, ""},
		{"3/4", Shard{3, 4}, ""},
		{"0/4", Shard{0, 4}, ""},
		{"4/4", Shard{}, "want 0 <= I < N"},
		{"-1/4", Shard{}, "want 0 <= I < N"},
		{"1/0", Shard{}, "N >= 1"},
		{"1", Shard{}, "want I/N"},
		{"a/b", Shard{}, "whole numbers"},
		{"1/2/3", Shard{}, "whole numbers"},
	} {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseShard(c.in)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Errorf("error %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Errorf("%v, %v; want %v", got, err, c.want)
			}
		})
	}
}

// The variables are those the engines document: Slurm's sbatch(1) "OUTPUT
// ENVIRONMENT VARIABLES", Kubernetes' Indexed Job completion index, AWS
// Batch array jobs and Cloud Run jobs' task variables.
func TestShardFromEnv(t *testing.T) {
	for _, c := range []struct {
		name   string
		env    map[string]string
		shards int
		want   Shard
		err    string
	}{
		{"slurm --array=0-3, task 2", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "1"}, 0, Shard{2, 4}, ""},
		{"slurm --array=4-7, task 6", map[string]string{"SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_MAX": "7", "SLURM_ARRAY_TASK_COUNT": "4"}, 0, Shard{2, 4}, ""},
		{"slurm --array=1,3,5", map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "5", "SLURM_ARRAY_TASK_COUNT": "3"}, 0, Shard{}, "contiguous"},
		{"slurm --array=0-6:2", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "6", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "2"}, 0, Shard{}, "contiguous"},
		{"slurm count disagrees with --shards", map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "4"}, 5, Shard{}, "--shards says 5"},
		{"slurm without MIN", map[string]string{"SLURM_ARRAY_TASK_ID": "0"}, 0, Shard{}, "SLURM_ARRAY_TASK_MIN"},
		{"slurm bad number", map[string]string{"SLURM_ARRAY_TASK_ID": "x"}, 0, Shard{}, "not a whole number"},
		{"kubernetes", map[string]string{"JOB_COMPLETION_INDEX": "7"}, 8, Shard{7, 8}, ""},
		{"kubernetes without --shards", map[string]string{"JOB_COMPLETION_INDEX": "7"}, 0, Shard{}, "--shards"},
		{"kubernetes index too big", map[string]string{"JOB_COMPLETION_INDEX": "8"}, 8, Shard{}, "0 <= I < N"},
		{"aws batch", map[string]string{"AWS_BATCH_JOB_ARRAY_INDEX": "0", "AWS_BATCH_JOB_ARRAY_SIZE": "10"}, 0, Shard{0, 10}, ""},
		{"aws batch, size from --shards", map[string]string{"AWS_BATCH_JOB_ARRAY_INDEX": "9"}, 10, Shard{9, 10}, ""},
		{"cloud run", map[string]string{"CLOUD_RUN_TASK_INDEX": "1", "CLOUD_RUN_TASK_COUNT": "3"}, 0, Shard{1, 3}, ""},
		{"nothing", map[string]string{"HOME": "/root"}, 4, Shard{}, "no Slurm"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := ShardFromEnv(func(k string) string { return c.env[k] }, c.shards)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Errorf("%v, error %v, want one saying %q", got, err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Errorf("%v, %v; want %v", got, err, c.want)
			}
		})
	}
}

// Every path is in exactly one shard of N, and the shards share the work
// roughly evenly.
func TestShardHas(t *testing.T) {
	for _, n := range []int{1, 2, 3, 7, 64} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			counts := make([]int, n)
			const paths = 20000
			for i := range paths {
				p := fmt.Sprintf("dir%d/file-%d.txt", i%13, i)
				k := 0
				for s := range n {
					if (Shard{s, n}).Has(p) {
						k++
						counts[s]++
					}
				}
				if k != 1 {
					t.Fatalf("%s in %d shards of %d", p, k, n)
				}
			}
			for s, c := range counts {
				if exp := paths / n; c < exp*8/10 || c > exp*12/10 {
					t.Errorf("shard %d/%d has %d paths, expected about %d", s, n, c, exp)
				}
			}
		})
	}
	// The zero Shard is everything.
	if !(Shard{}).Has("x") {
		t.Error("zero Shard lacks a path")
	}
}

func TestOutputName(t *testing.T) {
	for _, c := range []struct{ in, uri, link string }{
		{"a/notes.txt", "a/notes.txt", "a/notes.txt.html"},
		{"README", "README", "README.html"},
		{"p.html", "p.html", "p.html"},
		{"P.HTM", "P.HTM", "P.HTM"},
		{"m.eml", "m.eml", "m.eml"},
		{"box.mbox.gz", "box.mbox.gz", "box.mbox.gz"},
		{"notes.txt.gz", "notes.txt.gz", "notes.txt.html.gz"},
		{"notes.TXT.GZ", "notes.TXT.GZ", "notes.TXT.html.GZ"},
		{".gz", ".gz", ".gz.html"},
		{"s/site.css", "s/site.css", "s/site.css"},
		{"S.CSS.gz", "S.CSS.gz", "S.CSS.gz"},
	} {
		if got := outputName(c.in, rewrite.URI, detect.Auto); got != c.uri {
			t.Errorf("outputName(%q, uri) = %q, want %q", c.in, got, c.uri)
		}
		if got := outputName(c.in, rewrite.Link, detect.Auto); got != c.link {
			t.Errorf("outputName(%q, linkify) = %q, want %q", c.in, got, c.link)
		}
	}
}
