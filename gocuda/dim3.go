package gocuda

import "fmt"

// Dim3 is a three-dimensional size or index, like CUDA's dim3. As a size, a
// zero field means 1, as dim3's constructor defaults do: Dim3{X: 256} is a
// 256×1×1 block. Kernels always see normalized sizes, so t.BlockDim.Y is 1,
// never 0, for that block.
type Dim3 struct {
	X, Y, Z int
}

// String formats d as (x,y,z).
func (d Dim3) String() string { return fmt.Sprintf("(%d,%d,%d)", d.X, d.Y, d.Z) }

// normalized returns d with zero fields set to 1.
func (d Dim3) normalized() Dim3 {
	return Dim3{one(d.X), one(d.Y), one(d.Z)}
}

func one(v int) int {
	if v == 0 {
		return 1
	}
	return v
}

// size returns X*Y*Z of a normalized, validated Dim3 (at most 2^63-1).
func (d Dim3) size() int64 { return int64(d.X) * int64(d.Y) * int64(d.Z) }

// index returns the index whose linear position in d is i: X varies
// fastest, then Y, then Z, as for CUDA thread and block numbering.
func (d Dim3) index(i int64) Dim3 {
	x, yz := i%int64(d.X), i/int64(d.X)
	return Dim3{int(x), int(yz % int64(d.Y)), int(yz / int64(d.Y))}
}

// next returns the index after idx in d's linear order.
func (d Dim3) next(idx Dim3) Dim3 {
	if idx.X++; idx.X == d.X {
		idx.X = 0
		if idx.Y++; idx.Y == d.Y {
			idx.Y = 0
			idx.Z++
		}
	}
	return idx
}

// linear returns idx's position in d's linear order, the inverse of index.
func (d Dim3) linear(idx Dim3) int64 {
	return (int64(idx.Z)*int64(d.Y)+int64(idx.Y))*int64(d.X) + int64(idx.X)
}
