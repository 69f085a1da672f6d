package intrinsic_test

import (
	"fmt"

	"github.com/gocuda/gocuda/intrinsic"
)

func ExamplePopc() {
	fmt.Println(intrinsic.Popc(0xf0f0), intrinsic.Clz(1), intrinsic.Ffs(8), intrinsic.Ffs(0))
	// Output: 8 31 4 0
}

// BytePerm picks bytes 0-3 from x and 4-7 from y, one selector nibble per
// result byte.
func ExampleBytePerm() {
	x, y := uint32(0x33221100), uint32(0x77665544)
	fmt.Printf("%#08x\n", intrinsic.BytePerm(x, y, 0x3210)) // x unchanged
	fmt.Printf("%#08x\n", intrinsic.BytePerm(x, y, 0x0123)) // x byte-swapped
	fmt.Printf("%#08x\n", intrinsic.BytePerm(x, y, 0x5140)) // interleaved
	// Output:
	// 0x33221100
	// 0x00112233
	// 0x55114400
}

// 0.1 is not a binary16 number: each mode picks one of its two neighbours.
// 65520 lies halfway between 65504, the largest Half, and 65536: rounding
// to nearest even goes to Inf, toward zero to 65504.
func ExampleFloat2Half() {
	for _, f := range []float32{0.1, -0.1, 65520} {
		for _, m := range []intrinsic.RoundingMode{intrinsic.RN, intrinsic.RZ, intrinsic.RU, intrinsic.RD} {
			h := intrinsic.Float2Half(f, m)
			fmt.Printf("%v(%g) = %#04x %v\n", m, f, uint16(h), h)
		}
	}
	// Output:
	// rn(0.1) = 0x2e66 0.099975586
	// rz(0.1) = 0x2e66 0.099975586
	// ru(0.1) = 0x2e67 0.10003662
	// rd(0.1) = 0x2e66 0.099975586
	// rn(-0.1) = 0xae66 -0.099975586
	// rz(-0.1) = 0xae66 -0.099975586
	// ru(-0.1) = 0xae66 -0.099975586
	// rd(-0.1) = 0xae67 -0.10003662
	// rn(65520) = 0x7c00 +Inf
	// rz(65520) = 0x7bff 65504
	// ru(65520) = 0x7c00 +Inf
	// rd(65520) = 0x7bff 65504
}

// 2^-30 is far below half an ulp of 1 (2^-24): rounding up reaches the next
// float32, rounding down (or to nearest) stays at 1.
func ExampleFaddRU() {
	x, y := float32(1), float32(0x1p-30)
	up, down := intrinsic.FaddRU(x, y), intrinsic.FaddRD(x, y)
	fmt.Printf("ru: %.10f %#08x\n", up, intrinsic.FloatAsUint(up))
	fmt.Printf("rd: %.10f %#08x\n", down, intrinsic.FloatAsUint(down))
	fmt.Println(intrinsic.FaddRN(x, y) == 1)
	// Output:
	// ru: 1.0000001192 0x3f800001
	// rd: 1.0000000000 0x3f800000
	// true
}

// The fast approximations stay within CUDA's documented error bounds.
func ExampleSinf() {
	fmt.Printf("%.6f %.6f %.6f\n", intrinsic.Sinf(1), intrinsic.Cosf(1), intrinsic.Expf(1))
	// Output: 0.841471 0.540302 2.718282
}
