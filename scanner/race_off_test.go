//go:build !race

package scanner

// raceEnabled: the race detector is on, which makes sync.Pool drop some
// of what it is given (allocation counts then vary).
const raceEnabled = false
