package corpus

import (
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// A Shard is the part of a collection one run converts: the inputs whose
// relative path hashes to Index modulo Count. The zero Shard is the whole
// collection.
type Shard struct {
	Index, Count int
}

// Has reports whether the input at the slash-separated relative path rel
// belongs to the shard. The hash (FNV-1a, 64 bits) depends on the path
// only, so a file stays in its shard when others are added or removed.
func (s Shard) Has(rel string) bool {
	if s.Count <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(rel))
	return h.Sum64()%uint64(s.Count) == uint64(s.Index)
}

// String returns "I/N", or "all" for the whole collection.
func (s Shard) String() string {
	if s.Count <= 1 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// label is the shard's name in the state files of Out/.iriscan.
func (s Shard) label() string {
	if s.Count <= 1 {
		return "all"
	}
	return fmt.Sprintf("%d-of-%d", s.Index, s.Count)
}

func (s Shard) valid() error {
	if s.Count < 0 || s.Index < 0 || (s.Count > 0 && s.Index >= s.Count) || (s.Count == 0 && s.Index != 0) {
		return fmt.Errorf("shard %d/%d: want 0 <= I < N", s.Index, s.Count)
	}
	return nil
}

// ParseShard parses "I/N", shard I (counted from 0) of N.
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want I/N", s)
	}
	index, err1 := strconv.Atoi(i)
	count, err2 := strconv.Atoi(n)
	if err1 != nil || err2 != nil || count < 1 {
		return Shard{}, fmt.Errorf("shard %q: want I/N with whole numbers, N >= 1", s)
	}
	sh := Shard{Index: index, Count: count}
	if err := sh.valid(); err != nil {
		return Shard{}, err
	}
	return sh, nil
}

// ErrNoEngine is returned by ShardFromEnv when no engine's variables are
// set.
var ErrNoEngine = errors.New("no Slurm, Kubernetes, AWS Batch or Cloud Run array variables in the environment")

// ShardFromEnv returns the shard the job engine running this process asks
// for, from its environment variables (getenv is os.Getenv in real use):
//
//   - Slurm job arrays: SLURM_ARRAY_TASK_ID minus SLURM_ARRAY_TASK_MIN, of
//     SLURM_ARRAY_TASK_COUNT; the array must be a contiguous range
//     (SLURM_ARRAY_TASK_MAX - SLURM_ARRAY_TASK_MIN + 1 tasks, step 1),
//     otherwise the indexes do not number the shards and it is an error;
//   - Kubernetes Indexed Jobs: JOB_COMPLETION_INDEX, of shards (the job's
//     completions, which Kubernetes does not pass to the pod);
//   - AWS Batch array jobs: AWS_BATCH_JOB_ARRAY_INDEX, of
//     AWS_BATCH_JOB_ARRAY_SIZE (which AWS sets only if the job definition
//     passes it, so shards stands in when it is missing);
//   - Cloud Run jobs: CLOUD_RUN_TASK_INDEX of CLOUD_RUN_TASK_COUNT.
//
// shards, when positive, is the count to use where the engine gives none,
// and must agree with the engine's count where it gives one.
func ShardFromEnv(getenv func(string) string, shards int) (Shard, error) {
	num := func(name string) (int, bool, error) {
		v := getenv(name)
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0, true, fmt.Errorf("%s=%q is not a whole number", name, v)
		}
		return n, true, nil
	}
	pick := func(engine string, index, count int, haveCount bool) (Shard, error) {
		if !haveCount {
			if shards <= 0 {
				return Shard{}, fmt.Errorf("%s gives no task count: pass --shards N", engine)
			}
			count = shards
		} else if shards > 0 && shards != count {
			return Shard{}, fmt.Errorf("%s runs %d tasks but --shards says %d", engine, count, shards)
		}
		s := Shard{Index: index, Count: count}
		if count < 1 {
			return Shard{}, fmt.Errorf("%s: task count %d", engine, count)
		}
		if err := s.valid(); err != nil {
			return Shard{}, fmt.Errorf("%s: %v", engine, err)
		}
		return s, nil
	}

	if id, ok, err := num("SLURM_ARRAY_TASK_ID"); ok || err != nil {
		if err != nil {
			return Shard{}, err
		}
		lo, okLo, err1 := num("SLURM_ARRAY_TASK_MIN")
		hi, okHi, err2 := num("SLURM_ARRAY_TASK_MAX")
		count, okCount, err3 := num("SLURM_ARRAY_TASK_COUNT")
		if err := errors.Join(err1, err2, err3); err != nil {
			return Shard{}, err
		}
		if !okLo || !okCount {
			return Shard{}, errors.New("Slurm: SLURM_ARRAY_TASK_ID without SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT")
		}
		if step := getenv("SLURM_ARRAY_TASK_STEP"); step != "" && step != "1" {
			return Shard{}, fmt.Errorf("Slurm array step %s: the task IDs must be a contiguous range such as --array=0-3", step)
		}
		if okHi && hi-lo+1 != count {
			return Shard{}, fmt.Errorf("Slurm array %d-%d has %d tasks, not %d: the task IDs must be a contiguous range such as --array=0-3", lo, hi, count, hi-lo+1)
		}
		if id < lo {
			return Shard{}, fmt.Errorf("Slurm: SLURM_ARRAY_TASK_ID %d below SLURM_ARRAY_TASK_MIN %d", id, lo)
		}
		return pick("Slurm", id-lo, count, true)
	}
	if id, ok, err := num("JOB_COMPLETION_INDEX"); ok || err != nil {
		if err != nil {
			return Shard{}, err
		}
		return pick("Kubernetes", id, 0, false)
	}
	if id, ok, err := num("AWS_BATCH_JOB_ARRAY_INDEX"); ok || err != nil {
		if err != nil {
			return Shard{}, err
		}
		size, okSize, err := num("AWS_BATCH_JOB_ARRAY_SIZE")
		if err != nil {
			return Shard{}, err
		}
		return pick("AWS Batch", id, size, okSize)
	}
	if id, ok, err := num("CLOUD_RUN_TASK_INDEX"); ok || err != nil {
		if err != nil {
			return Shard{}, err
		}
		count, okCount, err := num("CLOUD_RUN_TASK_COUNT")
		if err != nil {
			return Shard{}, err
		}
		return pick("Cloud Run", id, count, okCount)
	}
	return Shard{}, ErrNoEngine
}
