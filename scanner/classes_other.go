//go:build !amd64 || purego

package scanner

// haveClassifyVec is false: this build has no vector loop for the class
// masks, which classifyBytes makes.
const haveClassifyVec = false

func classifyVec(p *byte, m *classMasks) { panic("scanner: no vector classifier in this build") }
