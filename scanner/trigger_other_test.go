//go:build !amd64 || purego

package scanner

// indexImpls are the loops of indexTriggers this build can run: its
// definition.
func indexImpls() map[string]func(b []byte, from int, out []int) (int, int) {
	return map[string]func([]byte, int, []int) (int, int){"portable": indexTriggers}
}
