#include "textflag.h"

// func Return(a *Anchor) uintptr
//
// BP is the frame pointer of the function that called Return (a leaf
// without a frame of its own; a, a local of the caller, guarantees the
// caller has one): 0(BP) holds the caller's caller's frame
// pointer and 8(BP) the caller's return address.
TEXT ·Return(SB), NOSPLIT|NOFRAME, $0-16
	MOVQ 8(BP), AX
	MOVQ AX, ret+8(FP)
	RET
