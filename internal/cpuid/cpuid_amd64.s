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
