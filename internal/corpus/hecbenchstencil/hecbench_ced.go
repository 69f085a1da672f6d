package hecbenchstencil

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's ced (src/ced-cuda/main.cu at f27000a, Chai's
// Canny edge detection after smskelley/canny-opencl): gaussian_kernel,
// sobel_kernel, non_max_supp_kernel and hyst_kernel. The __constant__
// arrays c_gaus, c_sobx and c_soby are package variables read by the
// kernels (cedGaus, cedSobx, cedSoby); C's int += float is the float sum
// truncated back to an int; hypot, atan2 and fmod on floats are CUDA's
// float overloads, computed in float64 and rounded once.

// ced's __constant__ filters.
var (
	cedGaus = [9]float32{0.0625, 0.125, 0.0625,
		0.1250, 0.250, 0.1250,
		0.0625, 0.125, 0.0625}
	cedSobx = [9]int32{-1, 0, 1, -2, 0, 2, -1, 0, 1}
	cedSoby = [9]int32{-1, -2, -1, 0, 0, 0, 1, 2, 1}
)

// GaussianKernel is gaussian_kernel: a 3×3 Gaussian blur through a shared
// tile with an apron, the block offset by one pixel from the image's
// corner.
//
//gocuda:kernel GaussianKernel
func gaussianKernel(t *gocuda.Thread, data, out []uint8, rows, cols int) {
	lData := gocuda.DynamicShared[int32](t)

	LSize := t.BlockDim.X
	sum := int32(0)
	lRow := t.ThreadIdx.Y + 1
	lCol := t.ThreadIdx.X + 1
	gRow := t.BlockIdx.Y*t.BlockDim.Y + lRow
	gCol := t.BlockIdx.X*t.BlockDim.X + lCol

	pos := gRow*cols + gCol

	// copy to local
	lData[lRow*(LSize+2)+lCol] = int32(data[pos])

	// top most row
	if lRow == 1 {
		lData[0*(LSize+2)+lCol] = int32(data[pos-cols])
		// top left
		if lCol == 1 {
			lData[0*(LSize+2)+0] = int32(data[pos-cols-1])
		} else if lCol == LSize { // top right
			lData[0*(LSize+2)+LSize+1] = int32(data[pos-cols+1])
		}
	} else if lRow == LSize { // bottom most row
		lData[(LSize+1)*(LSize+2)+lCol] = int32(data[pos+cols])
		// bottom left
		if lCol == 1 {
			lData[(LSize+1)*(LSize+2)+0] = int32(data[pos+cols-1])
		} else if lCol == LSize { // bottom right
			lData[(LSize+1)*(LSize+2)+LSize+1] = int32(data[pos+cols+1])
		}
	}

	if lCol == 1 {
		lData[lRow*(LSize+2)+0] = int32(data[pos-1])
	} else if lCol == LSize {
		lData[lRow*(LSize+2)+LSize+1] = int32(data[pos+1])
	}

	t.SyncThreads()

	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			sum = int32(float32(sum) + cedGaus[i*3+j]*float32(lData[(i+lRow-1)*(LSize+2)+j+lCol-1]))
		}
	}

	out[pos] = uint8(min(255, max(0, sum)))
}

// SobelKernel is sobel_kernel: the Sobel gradient's magnitude (clamped to
// 255) and its direction rounded to 0, 45, 90 or 135 degrees.
//
//gocuda:kernel SobelKernel
func sobelKernel(t *gocuda.Thread, data, out, theta []uint8, rows, cols int) {
	lData := gocuda.DynamicShared[int32](t)

	// collect sums separately. we're storing them into floats because that
	// is what hypot and atan2 will expect.
	LSize := t.BlockDim.X
	const PI = float32(3.14159265)
	lRow := t.ThreadIdx.Y + 1
	lCol := t.ThreadIdx.X + 1
	gRow := t.BlockIdx.Y*t.BlockDim.Y + lRow
	gCol := t.BlockIdx.X*t.BlockDim.X + lCol

	pos := gRow*cols + gCol

	// copy to local
	lData[lRow*(LSize+2)+lCol] = int32(data[pos])

	// top most row
	if lRow == 1 {
		lData[0*(LSize+2)+lCol] = int32(data[pos-cols])
		// top left
		if lCol == 1 {
			lData[0*(LSize+2)+0] = int32(data[pos-cols-1])
		} else if lCol == LSize { // top right
			lData[0*(LSize+2)+LSize+1] = int32(data[pos-cols+1])
		}
	} else if lRow == LSize { // bottom most row
		lData[(LSize+1)*(LSize+2)+lCol] = int32(data[pos+cols])
		// bottom left
		if lCol == 1 {
			lData[(LSize+1)*(LSize+2)+0] = int32(data[pos+cols-1])
		} else if lCol == LSize { // bottom right
			lData[(LSize+1)*(LSize+2)+LSize+1] = int32(data[pos+cols+1])
		}
	}

	if lCol == 1 {
		lData[lRow*(LSize+2)+0] = int32(data[pos-1])
	} else if lCol == LSize {
		lData[lRow*(LSize+2)+LSize+1] = int32(data[pos+1])
	}

	t.SyncThreads()

	var sumx, sumy, angle float32
	// find x and y derivatives
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			sumx += float32(cedSobx[i*3+j] * lData[(i+lRow-1)*(LSize+2)+j+lCol-1])
			sumy += float32(cedSoby[i*3+j] * lData[(i+lRow-1)*(LSize+2)+j+lCol-1])
		}
	}

	// The output is now the square root of their squares, but they are
	// constrained to 0 <= value <= 255.
	out[pos] = uint8(min(255, max(0, int(float32(math.Hypot(float64(sumx), float64(sumy)))))))

	// Compute the direction angle theta in radians
	// atan2 has a range of (-PI, PI) degrees
	angle = float32(math.Atan2(float64(sumy), float64(sumx)))

	// If the angle is negative,
	// shift the range to (0, 2PI) by adding 2PI to the angle,
	// then perform modulo operation of 2PI
	if angle < 0 {
		angle = float32(math.Mod(float64(angle+2*PI), float64(2*PI)))
	}

	// Round the angle to one of four possibilities: 0, 45, 90, 135 degrees
	// then store it in the theta buffer at the proper position
	if angle <= PI/8 {
		theta[pos] = 0
	} else if angle <= 3*PI/8 {
		theta[pos] = 45
	} else if angle <= 5*PI/8 {
		theta[pos] = 90
	} else if angle <= 7*PI/8 {
		theta[pos] = 135
	} else if angle <= 9*PI/8 {
		theta[pos] = 0
	} else if angle <= 11*PI/8 {
		theta[pos] = 45
	} else if angle <= 13*PI/8 {
		theta[pos] = 90
	} else if angle <= 15*PI/8 {
		theta[pos] = 135
	} else {
		theta[pos] = 0 // (angle <= 16*PI/8)
	}
}

// NonMaxSuppKernel is non_max_supp_kernel: a pixel keeps its magnitude
// only if it exceeds both neighbours across its gradient direction (a
// switch on theta).
//
//gocuda:kernel NonMaxSuppKernel
func nonMaxSuppKernel(t *gocuda.Thread, data, out, theta []uint8, rows, cols int) {
	lData := gocuda.DynamicShared[int32](t)

	// These variables are offset by one to avoid seg. fault errors
	// As such, this kernel ignores the outside ring of pixels
	LSize := t.BlockDim.X
	lRow := t.ThreadIdx.Y + 1
	lCol := t.ThreadIdx.X + 1
	gRow := t.BlockIdx.Y*t.BlockDim.Y + lRow
	gCol := t.BlockIdx.X*t.BlockDim.X + lCol

	pos := gRow*cols + gCol

	// copy to local
	lData[lRow*(LSize+2)+lCol] = int32(data[pos])

	// top most row
	if lRow == 1 {
		lData[0*(LSize+2)+lCol] = int32(data[pos-cols])
		// top left
		if lCol == 1 {
			lData[0*(LSize+2)+0] = int32(data[pos-cols-1])
		} else if lCol == LSize { // top right
			lData[0*(LSize+2)+LSize+1] = int32(data[pos-cols+1])
		}
	} else if lRow == LSize { // bottom most row
		lData[(LSize+1)*(LSize+2)+lCol] = int32(data[pos+cols])
		// bottom left
		if lCol == 1 {
			lData[(LSize+1)*(LSize+2)+0] = int32(data[pos+cols-1])
		} else if lCol == LSize { // bottom right
			lData[(LSize+1)*(LSize+2)+LSize+1] = int32(data[pos+cols+1])
		}
	}

	if lCol == 1 {
		lData[lRow*(LSize+2)+0] = int32(data[pos-1])
	} else if lCol == LSize {
		lData[lRow*(LSize+2)+LSize+1] = int32(data[pos+1])
	}

	t.SyncThreads()

	myMagnitude := uint8(lData[lRow*(LSize+2)+lCol])

	// The following variables are used to address the matrices more easily
	switch theta[pos] {
	// A gradient angle of 0 degrees = an edge that is North/South
	// Check neighbors to the East and West
	case 0:
		// supress me if my neighbor has larger magnitude
		if int32(myMagnitude) <= lData[lRow*(LSize+2)+lCol+1] || // east
			int32(myMagnitude) <= lData[lRow*(LSize+2)+lCol-1] { // west
			out[pos] = 0
		} else { // otherwise, copy my value to the output buffer
			out[pos] = myMagnitude
		}

	// A gradient angle of 45 degrees = an edge that is NW/SE
	// Check neighbors to the NE and SW
	case 45:
		if int32(myMagnitude) <= lData[(lRow-1)*(LSize+2)+lCol+1] || // north east
			int32(myMagnitude) <= lData[(lRow+1)*(LSize+2)+lCol-1] { // south west
			out[pos] = 0
		} else {
			out[pos] = myMagnitude
		}

	// A gradient angle of 90 degrees = an edge that is E/W
	// Check neighbors to the North and South
	case 90:
		if int32(myMagnitude) <= lData[(lRow-1)*(LSize+2)+lCol] || // north
			int32(myMagnitude) <= lData[(lRow+1)*(LSize+2)+lCol] { // south
			out[pos] = 0
		} else {
			out[pos] = myMagnitude
		}

	// A gradient angle of 135 degrees = an edge that is NE/SW
	// Check neighbors to the NW and SE
	case 135:
		if int32(myMagnitude) <= lData[(lRow-1)*(LSize+2)+lCol-1] || // north west
			int32(myMagnitude) <= lData[(lRow+1)*(LSize+2)+lCol+1] { // south east
			out[pos] = 0
		} else {
			out[pos] = myMagnitude
		}

	default:
		out[pos] = myMagnitude
	}
}

// HystKernel is hyst_kernel: the hysteresis thresholds (10 and 70, the
// midpoint deciding between them).
//
//gocuda:kernel HystKernel
func hystKernel(t *gocuda.Thread, data, out []uint8, rows, cols int) {
	// Establish our high and low thresholds as floats
	lowThresh := float32(10)
	highThresh := float32(70)

	// These variables are offset by one to avoid seg. fault errors
	// As such, this kernel ignores the outside ring of pixels
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y + 1
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X + 1
	pos := row*cols + col

	const EDGE = uint8(255)

	magnitude := data[pos]

	if float32(magnitude) >= highThresh {
		out[pos] = EDGE
	} else if float32(magnitude) <= lowThresh {
		out[pos] = 0
	} else {
		med := (highThresh + lowThresh) / 2

		if float32(magnitude) >= med {
			out[pos] = EDGE
		} else {
			out[pos] = 0
		}
	}
}
