//go:build !amd64 || purego

package scanner

// indexImpls are the loops of indexTriggers this build can run: its
// definition.
func indexImpls() map[string]indexFunc {
	return map[string]indexFunc{"portable": indexTriggers}
}
