//go:build amd64 && !purego

#include "textflag.h"

// The fused trigger search (see trigger_amd64.go): the index of the first
// byte at or after b[from] that is ':' or '@', or a '.' right after two
// bytes 'w' or 'W'. The caller guarantees 2 <= from <= len(b) and
// len(b) >= 34 (AVX2) or len(b) >= 18 (SSE2), so that the vectors of the
// bytes one and two before, read at b[i-1] and b[i-2], and the last,
// overlapping vector at len(b)-32 (or -16) are in bounds. Each vector of
// bytes v and the vectors p, q of the bytes one and two before them give
// the mask (v == ':') | (v == '@') | ((v == '.') & ((p | 0x20) == 'w') &
// ((q | 0x20) == 'w')).

// The AVX2 loop is VEX-encoded throughout: with a legacy-SSE MOVQ into X0
// before it, it ran 5× slower on this project's (Zen 3) machine.

// func indexTriggerAVX2(b []byte, from int) int
TEXT ·indexTriggerAVX2(SB), NOSPLIT, $0-40
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), DX
	MOVQ from+24(FP), DI
	MOVQ $0x3a3a3a3a3a3a3a3a, AX // ':'
	VMOVQ AX, X0
	VPBROADCASTQ X0, Y0
	MOVQ $0x4040404040404040, AX // '@'
	VMOVQ AX, X1
	VPBROADCASTQ X1, Y1
	MOVQ $0x2e2e2e2e2e2e2e2e, AX // '.'
	VMOVQ AX, X2
	VPBROADCASTQ X2, Y2
	MOVQ $0x7777777777777777, AX // 'w'
	VMOVQ AX, X3
	VPBROADCASTQ X3, Y3
	MOVQ $0x2020202020202020, AX // case bit
	VMOVQ AX, X4
	VPBROADCASTQ X4, Y4

	// 64 bytes a round while they last.
loop64:
	LEAQ 64(DI), AX
	CMPQ AX, DX
	JA   loop32
	VMOVDQU (SI)(DI*1), Y5
	VMOVDQU -1(SI)(DI*1), Y6
	VMOVDQU -2(SI)(DI*1), Y13
	VMOVDQU 32(SI)(DI*1), Y9
	VMOVDQU 31(SI)(DI*1), Y10
	VMOVDQU 30(SI)(DI*1), Y14
	VPCMPEQB Y5, Y0, Y7
	VPCMPEQB Y5, Y1, Y8
	VPOR     Y7, Y8, Y7
	VPCMPEQB Y5, Y2, Y8
	VPOR     Y6, Y4, Y6
	VPCMPEQB Y6, Y3, Y6
	VPOR     Y13, Y4, Y13
	VPCMPEQB Y13, Y3, Y13
	VPAND    Y13, Y6, Y6
	VPAND    Y6, Y8, Y8
	VPOR     Y7, Y8, Y7
	VPCMPEQB Y9, Y0, Y11
	VPCMPEQB Y9, Y1, Y12
	VPOR     Y11, Y12, Y11
	VPCMPEQB Y9, Y2, Y12
	VPOR     Y10, Y4, Y10
	VPCMPEQB Y10, Y3, Y10
	VPOR     Y14, Y4, Y14
	VPCMPEQB Y14, Y3, Y14
	VPAND    Y14, Y10, Y10
	VPAND    Y10, Y12, Y12
	VPOR     Y11, Y12, Y11
	VPOR     Y7, Y11, Y12
	VPTEST   Y12, Y12
	JNZ      found64
	ADDQ     $64, DI
	JMP      loop64

found64:
	VPMOVMSKB Y7, AX
	TESTL     AX, AX
	JNZ       found
	VPMOVMSKB Y11, AX
	ADDQ      $32, DI
	JMP       found

	// At most one more whole vector.
loop32:
	LEAQ 32(DI), AX
	CMPQ AX, DX
	JA   tail
	VMOVDQU (SI)(DI*1), Y5
	VMOVDQU -1(SI)(DI*1), Y6
	VMOVDQU -2(SI)(DI*1), Y9
	VPCMPEQB Y5, Y0, Y7
	VPCMPEQB Y5, Y1, Y8
	VPOR     Y7, Y8, Y7
	VPCMPEQB Y5, Y2, Y8
	VPOR     Y6, Y4, Y6
	VPCMPEQB Y6, Y3, Y6
	VPOR     Y9, Y4, Y9
	VPCMPEQB Y9, Y3, Y9
	VPAND    Y9, Y6, Y6
	VPAND    Y6, Y8, Y8
	VPOR     Y7, Y8, Y7
	VPMOVMSKB Y7, AX
	TESTL    AX, AX
	JNZ      found
	ADDQ     $32, DI
	JMP      loop32

	// Fewer than 32 bytes left: the last 32 bytes of b, less the bits of
	// the bytes before b[DI].
tail:
	CMPQ DI, DX
	JAE  none
	LEAQ -32(DX), BX
	VMOVDQU (SI)(BX*1), Y5
	VMOVDQU -1(SI)(BX*1), Y6
	VMOVDQU -2(SI)(BX*1), Y9
	VPCMPEQB Y5, Y0, Y7
	VPCMPEQB Y5, Y1, Y8
	VPOR     Y7, Y8, Y7
	VPCMPEQB Y5, Y2, Y8
	VPOR     Y6, Y4, Y6
	VPCMPEQB Y6, Y3, Y6
	VPOR     Y9, Y4, Y9
	VPCMPEQB Y9, Y3, Y9
	VPAND    Y9, Y6, Y6
	VPAND    Y6, Y8, Y8
	VPOR     Y7, Y8, Y7
	VPMOVMSKB Y7, AX
	MOVQ     DI, CX
	SUBQ     BX, CX  // bytes of the vector before b[DI], 1..31
	SHRL     CX, AX
	TESTL    AX, AX
	JZ       none

found:
	BSFL AX, AX
	ADDQ DI, AX
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET

none:
	MOVQ $-1, ret+32(FP)
	VZEROUPPER
	RET

// func indexTriggerSSE2(b []byte, from int) int
TEXT ·indexTriggerSSE2(SB), NOSPLIT, $0-40
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), DX
	MOVQ from+24(FP), DI
	MOVQ $0x3a3a3a3a3a3a3a3a, AX
	MOVQ AX, X0
	PUNPCKLQDQ X0, X0
	MOVQ $0x4040404040404040, AX
	MOVQ AX, X1
	PUNPCKLQDQ X1, X1
	MOVQ $0x2e2e2e2e2e2e2e2e, AX
	MOVQ AX, X2
	PUNPCKLQDQ X2, X2
	MOVQ $0x7777777777777777, AX
	MOVQ AX, X3
	PUNPCKLQDQ X3, X3
	MOVQ $0x2020202020202020, AX
	MOVQ AX, X4
	PUNPCKLQDQ X4, X4

sloop:
	LEAQ 16(DI), AX
	CMPQ AX, DX
	JA   stail
	MOVOU (SI)(DI*1), X5
	MOVOU -1(SI)(DI*1), X6
	MOVOU -2(SI)(DI*1), X9
	MOVOA X5, X7
	PCMPEQB X0, X7
	MOVOA X5, X8
	PCMPEQB X1, X8
	POR   X8, X7
	PCMPEQB X2, X5
	POR   X4, X6
	PCMPEQB X3, X6
	POR   X4, X9
	PCMPEQB X3, X9
	PAND  X9, X6
	PAND  X6, X5
	POR   X5, X7
	PMOVMSKB X7, AX
	TESTL AX, AX
	JNZ   sfound
	ADDQ  $16, DI
	JMP   sloop

stail:
	CMPQ DI, DX
	JAE  snone
	LEAQ -16(DX), BX
	MOVOU (SI)(BX*1), X5
	MOVOU -1(SI)(BX*1), X6
	MOVOU -2(SI)(BX*1), X9
	MOVOA X5, X7
	PCMPEQB X0, X7
	MOVOA X5, X8
	PCMPEQB X1, X8
	POR   X8, X7
	PCMPEQB X2, X5
	POR   X4, X6
	PCMPEQB X3, X6
	POR   X4, X9
	PCMPEQB X3, X9
	PAND  X9, X6
	PAND  X6, X5
	POR   X5, X7
	PMOVMSKB X7, AX
	MOVQ  DI, CX
	SUBQ  BX, CX
	SHRL  CX, AX
	TESTL AX, AX
	JZ    snone

sfound:
	BSFL AX, AX
	ADDQ DI, AX
	MOVQ AX, ret+32(FP)
	RET

snone:
	MOVQ $-1, ret+32(FP)
	RET
