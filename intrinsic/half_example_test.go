package intrinsic_test

import (
	"fmt"

	"github.com/gocuda/gocuda/intrinsic"
)

// A dot product of binary16 pairs, two lanes at a time with Hfma2, then the
// two partial sums added.
func ExampleHfma2() {
	x := []float32{1, 2, 3, 4, 0.5, 0.25}
	y := []float32{2, 2, 2, 2, 4, 4}
	acc := intrinsic.Half2{} // (+0, +0)
	for i := 0; i < len(x); i += 2 {
		a := intrinsic.Floats2Half2RN(x[i], x[i+1])
		b := intrinsic.Floats2Half2RN(y[i], y[i+1])
		acc = intrinsic.Hfma2(a, b, acc)
	}
	sum := intrinsic.Hadd(intrinsic.Low2Half(acc), intrinsic.High2Half(acc))
	fmt.Println(acc, sum)
	// Output: (10, 13) 23
}

// Half arithmetic rounds to nearest even at binary16's 11 bits: 2048 + 1
// is a tie between 2048 and 2050, and goes to the even 2048. Hfma rounds
// a × b + c once; rounding the product first can differ.
func ExampleHadd() {
	h := intrinsic.Float2HalfRN
	fmt.Println(intrinsic.Hadd(h(2048), h(1)), intrinsic.Hadd(h(2048), h(3)))
	fmt.Println(intrinsic.Hmul(h(300), h(300)), intrinsic.Hsub(h(1), h(1)), intrinsic.Hneg(h(0)))

	a, b, c := intrinsic.Half(0x3c01), intrinsic.Half(0x3bfe), h(2050) // 1+2^-10, 1-2^-10
	fmt.Println(intrinsic.Hfma(a, b, c), intrinsic.Hadd(intrinsic.Hmul(a, b), c))
	fmt.Println(intrinsic.Hlt(h(1), intrinsic.HalfNaN), intrinsic.Hltu(h(1), intrinsic.HalfNaN))
	// Output:
	// 2048 2052
	// +Inf 0 -0
	// 2050 2052
	// false true
}
