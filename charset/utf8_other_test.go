//go:build !amd64 || purego

package charset

// blockLoops returns no loops: utf8Blocks takes no block on this build.
func blockLoops() []blockLoop { return nil }
