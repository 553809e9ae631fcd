//go:build !amd64 || purego

package scanner

// fusedImpls are the vector searches this build can run: none.
func fusedImpls() map[string]func(b []byte, from int) int {
	return map[string]func([]byte, int) int{"portable": indexTriggerFused}
}

// indexImpls are the loops of indexTriggers this build can run: its
// definition.
func indexImpls() map[string]func(b []byte, from int, out []int) (int, int) {
	return map[string]func([]byte, int, []int) (int, int){"portable": indexTriggers}
}
