//go:build amd64 && !purego

#include "textflag.h"

// func avx2() bool
TEXT ·avx2(SB), NOSPLIT, $0-1
	MOVB $0, ret+0(FP)
	MOVL $0, AX
	CPUID
	CMPL AX, $7 // leaf 7 exists
	JB   no
	MOVL $1, AX
	MOVL $0, CX
	CPUID
	// OSXSAVE (bit 27) and AVX (bit 28)
	ANDL $0x18000000, CX
	CMPL CX, $0x18000000
	JNE  no
	// The OS saves the XMM and YMM state (XCR0 bits 1 and 2).
	MOVL $0, CX
	XGETBV
	ANDL $6, AX
	CMPL AX, $6
	JNE  no
	MOVL $7, AX
	MOVL $0, CX
	CPUID
	// AVX2: leaf 7, EBX bit 5
	SHRL $5, BX
	ANDL $1, BX
	MOVB BX, ret+0(FP)
no:
	RET

// func avx512bw() bool
TEXT ·avx512bw(SB), NOSPLIT, $0-1
	MOVB $0, ret+0(FP)
	MOVL $0, AX
	CPUID
	CMPL AX, $7 // leaf 7 exists
	JB   no512
	MOVL $1, AX
	MOVL $0, CX
	CPUID
	// OSXSAVE (bit 27): XGETBV may be run.
	ANDL $0x08000000, CX
	JZ   no512
	// The OS saves the XMM and YMM state (XCR0 bits 1 and 2) and the
	// opmask, ZMM0-15 upper halves and ZMM16-31 state (bits 5, 6, 7).
	MOVL $0, CX
	XGETBV
	ANDL $0xe6, AX
	CMPL AX, $0xe6
	JNE  no512
	MOVL $7, AX
	MOVL $0, CX
	CPUID
	// AVX512F (leaf 7, EBX bit 16) and AVX512BW (bit 30).
	ANDL $0x40010000, BX
	CMPL BX, $0x40010000
	JNE  no512
	MOVB $1, ret+0(FP)
no512:
	RET
