package corpus

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"
	"syscall"
	"time"
)

// StateDir is the directory of Out that holds a run's state: tmp/ (the
// outputs being written), lock-SHARD (one run of a shard at a time) and
// journal-SHARD.jsonl (what each run converted). Inputs never map there.
const StateDir = ".iriscan"

// ErrLocked is wrapped by the error of a run whose shard another running
// process holds.
var ErrLocked = errors.New("another run holds this shard")

// An OutputError is a failure to write the output tree (a full disk, a
// read-only or unwritable directory): it stops the run.
type OutputError struct {
	Op   string // what was being done
	Path string // relative to Out
	Err  error
}

func (e *OutputError) Error() string {
	err := e.Err
	// An *os.File's error names the operation and the file already.
	if pe, ok := err.(*fs.PathError); ok && pe.Path == e.Path {
		err = pe.Err
	}
	return fmt.Sprintf("%s %s: %v", e.Op, e.Path, err)
}
func (e *OutputError) Unwrap() error { return e.Err }

// state is the output tree of one run: Out opened as an os.Root (nothing
// is written outside it, whatever links it holds), the shard's lock and
// its journal.
type state struct {
	root    *os.Root
	label   string // shard label
	lock    *os.File
	journal *os.File
	jmu     sync.Mutex

	synced sync.Map // directories known to be durable
}

// openState creates Out and its state directory, takes the shard's lock and
// removes the temporary files runs that died left behind.
func openState(out string, label string) (*state, error) {
	if err := os.MkdirAll(out, 0o777); err != nil {
		return nil, &OutputError{"create", ".", err}
	}
	root, err := os.OpenRoot(out)
	if err != nil {
		return nil, &OutputError{"open", ".", err}
	}
	st := &state{root: root, label: label}
	if err := root.MkdirAll(StateDir+"/tmp", 0o777); err != nil {
		st.close()
		return nil, &OutputError{"create", StateDir + "/tmp", err}
	}
	lock, ok, err := st.tryLock(label)
	if err != nil {
		st.close()
		return nil, err
	}
	if !ok {
		st.close()
		return nil, fmt.Errorf("%s: shard %s: %w", out, label, ErrLocked)
	}
	st.lock = lock
	if err := st.cleanTemp(); err != nil {
		st.close()
		return nil, err
	}
	st.journal, err = root.OpenFile(StateDir+"/journal-"+label+".jsonl", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o666)
	if err != nil {
		st.close()
		return nil, &OutputError{"open", StateDir + "/journal-" + label + ".jsonl", err}
	}
	return st, nil
}

// tryLock takes the lock of the shard label without waiting: ok is false
// when another process holds it. The lock is an flock(2) on the lock file,
// released by the kernel when its holder dies, however it dies.
func (st *state) tryLock(label string) (f *os.File, ok bool, err error) {
	name := StateDir + "/lock-" + label
	f, err = st.root.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return nil, false, &OutputError{"open", name, err}
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err != syscall.EINTR {
			break
		}
	}
	if err == syscall.EWOULDBLOCK {
		f.Close()
		return nil, false, nil
	}
	if err != nil {
		f.Close()
		return nil, false, &OutputError{"lock", name, err}
	}
	return f, true, nil
}

// cleanTemp removes the temporary files of this shard and of every shard
// whose lock is free (its run is dead): "LABEL.RANDOM" in tmp/.
func (st *state) cleanTemp() error {
	dir, err := st.root.Open(StateDir + "/tmp")
	if err != nil {
		return &OutputError{"open", StateDir + "/tmp", err}
	}
	names, err := dir.Readdirnames(-1)
	dir.Close()
	if err != nil {
		return &OutputError{"read", StateDir + "/tmp", err}
	}
	free := map[string]bool{st.label: true}
	for _, n := range names {
		label, _, ok := strings.Cut(n, ".")
		if !ok {
			label = n
		}
		isFree, seen := free[label]
		if !seen {
			if f, ok, err := st.tryLock(label); err == nil && ok {
				defer f.Close() // hold it while removing
				isFree = true
			}
			free[label] = isFree
		}
		if isFree {
			if err := st.root.Remove(StateDir + "/tmp/" + n); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return &OutputError{"remove", StateDir + "/tmp/" + n, err}
			}
		}
	}
	return nil
}

// createTemp creates a new temporary output file.
func (st *state) createTemp() (*os.File, string, error) {
	var b [8]byte
	for range 100 {
		rand.Read(b[:])
		name := StateDir + "/tmp/" + st.label + "." + hex.EncodeToString(b[:])
		f, err := st.root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, "", &OutputError{"create", name, err}
		}
		return f, name, nil
	}
	return nil, "", &OutputError{"create", StateDir + "/tmp", errors.New("no free temporary file name")}
}

// commit renames the synced and closed temporary file tmp to rel and
// makes the rename durable: the directories it creates, and then rel's
// directory, are synced.
func (st *state) commit(tmp, rel string) error {
	dir := path.Dir(rel)
	if err := st.mkdirs(dir); err != nil {
		return err
	}
	if err := st.root.Rename(tmp, rel); err != nil {
		return &OutputError{"rename to", rel, err}
	}
	return st.syncDir(dir)
}

// mkdirs creates the directory dir of the output tree and its missing
// parents, syncing each parent that gains an entry.
func (st *state) mkdirs(dir string) error {
	if dir == "." {
		return nil
	}
	if _, ok := st.synced.Load(dir); ok {
		return nil
	}
	fi, err := st.root.Lstat(dir)
	if err == nil {
		if !fi.IsDir() {
			return &OutputError{"create directory", dir, errors.New("a file of that name is in the way")}
		}
		st.synced.Store(dir, true)
		return nil
	}
	if err := st.mkdirs(path.Dir(dir)); err != nil {
		return err
	}
	if err := st.root.Mkdir(dir, 0o777); err != nil && !errors.Is(err, fs.ErrExist) {
		return &OutputError{"create directory", dir, err}
	}
	if err := st.syncDir(path.Dir(dir)); err != nil {
		return err
	}
	st.synced.Store(dir, true)
	return nil
}

func (st *state) syncDir(dir string) error {
	d, err := st.root.Open(dir)
	if err != nil {
		return &OutputError{"open directory", dir, err}
	}
	err = d.Sync()
	d.Close()
	if err != nil {
		return &OutputError{"sync directory", dir, err}
	}
	return nil
}

// A journalEntry is one line of the journal: an input converted, and the
// digest of its output.
type journalEntry struct {
	Path   string    `json:"path"`
	Size   int64     `json:"size"`
	MTime  time.Time `json:"mtime"`
	Output string    `json:"output"`
	SHA256 string    `json:"sha256"`
	Time   time.Time `json:"time"`
}

// record appends e to the journal. The journal only informs: a line lost
// in a crash means a unit redone, never one skipped.
func (st *state) record(e *journalEntry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	st.jmu.Lock()
	defer st.jmu.Unlock()
	if _, err := st.journal.Write(b); err != nil {
		return &OutputError{"write", st.journal.Name(), err}
	}
	return nil
}

func (st *state) close() {
	if st.journal != nil {
		st.journal.Close()
	}
	if st.lock != nil {
		st.lock.Close()
	}
	st.root.Close()
}
