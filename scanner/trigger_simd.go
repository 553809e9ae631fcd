//go:build goexperiment.simd && amd64

package scanner

import (
	"math/bits"
	"simd/archsimd"
)

// haveVector reports whether indexAfterWVector may be used: built with
// GOEXPERIMENT=simd, on a CPU with AVX2.
var haveVector = archsimd.X86.AVX2()

// indexAfterWVector is indexAfterW 32 bytes at a time with AVX2: the
// bytes are compared with '.', and only where there is one, the bytes one
// before them with 'w' (case folded). English prose has a '.' every 60 or
// so bytes, where indexAfterW's one bytes.IndexByte call per '.' costs
// more than the search; docs/performance.md has the measurements.
func indexAfterWVector(b []byte, from int) int {
	i := from
	if i == 0 {
		i = 1 // a '.' at b[0] follows no 'w'
	}
	dot := archsimd.BroadcastUint8x32('.')
	w := archsimd.BroadcastUint8x32('w')
	caseBit := archsimd.BroadcastUint8x32(0x20)
	for ; i+32 <= len(b); i += 32 {
		v := archsimd.LoadUint8x32Slice(b[i : i+32])
		d := v.Equal(dot)
		if d.ToBits() == 0 {
			continue
		}
		p := archsimd.LoadUint8x32Slice(b[i-1 : i+31]).Or(caseBit)
		if m := d.And(p.Equal(w)).ToBits(); m != 0 {
			return i + bits.TrailingZeros32(m) - from
		}
	}
	for ; i < len(b); i++ {
		if b[i] == '.' && b[i-1]|0x20 == 'w' {
			return i - from
		}
	}
	return -1
}
