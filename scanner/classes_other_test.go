//go:build !amd64 || purego

package scanner

// classifyImpls are the vector loops of this build: none.
func classifyImpls() map[string]func(p *byte, m *classMasks) { return nil }
