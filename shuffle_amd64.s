//go:build !purego

#include "textflag.h"

// func shuffle(r *pcg, xs []uint8)
//
// Registers: R9, R10 the generator's state (hi, lo); DI the cards; CX the
// position i, from len(xs)-1 down to 1; R8 the bound n = i+1; R11 to R15
// the constants of rng.go's pcg.step. AX, DX, BX and SI are scratch.
TEXT ·shuffle(SB), NOSPLIT, $0-32
	MOVQ xs_len+16(FP), CX
	CMPQ CX, $1
	JLS  ret                   // fewer than two cards: nothing to do
	MOVQ r+0(FP), AX
	MOVQ 0(AX), R9             // hi
	MOVQ 8(AX), R10            // lo
	MOVQ xs_base+8(FP), DI
	MOVQ CX, R8                // n = len(xs)
	DECQ CX                    // i = n-1
	MOVQ $4865540595714422341, R11  // mulLo
	MOVQ $2549297995355413924, R12  // mulHi
	MOVQ $1442695040888963407, R13  // incLo
	MOVQ $6364136223846793005, R14  // incHi
	MOVQ $0xda942042e4dd58b5, R15   // cheapMul

draw:
	// The state advances: (hi, lo) = (hi, lo)*mul + inc, 128 bits.
	MOVQ  R10, AX
	MULQ  R11                  // DX:AX = lo*mulLo
	IMULQ R11, R9              // hi*mulLo
	IMULQ R12, R10             // lo*mulHi
	ADDQ  R9, DX
	ADDQ  R10, DX
	ADDQ  R13, AX
	ADCQ  R14, DX
	MOVQ  AX, R10              // lo
	MOVQ  DX, R9               // hi

	// DXSM: x = (hi ^ hi>>32) * cheapMul; x ^= x>>48; x *= lo|1.
	MOVQ  DX, BX
	SHRQ  $32, BX
	XORQ  DX, BX
	IMULQ R15, BX
	MOVQ  BX, SI
	SHRQ  $48, SI
	XORQ  SI, BX
	ORQ   $1, AX
	IMULQ BX, AX

	// Lemire: j is the high word of x*n; a low word below n is rare.
	MULQ R8                    // DX = j, AX = the low word
	CMPQ AX, R8
	JCS  rare

swap:
	MOVBLZX (DI)(CX*1), SI
	MOVBLZX (DI)(DX*1), BX
	MOVB    BX, (DI)(CX*1)
	MOVB    SI, (DI)(DX*1)
	MOVQ    CX, R8             // the next bound is this i
	DECQ    CX
	JNZ     draw

	MOVQ r+0(FP), AX
	MOVQ R9, 0(AX)
	MOVQ R10, 8(AX)

ret:
	RET

rare:
	// pcg.boundedRetry: j stands unless the low word is below 2^64 mod n
	// (= -n mod n); then the draw is made again for the same i.
	MOVQ DX, BX                // j
	MOVQ AX, SI                // the low word
	MOVQ R8, AX
	NEGQ AX
	XORL DX, DX
	DIVQ R8                    // DX = -n mod n
	CMPQ SI, DX
	JCS  draw
	MOVQ BX, DX
	JMP  swap
