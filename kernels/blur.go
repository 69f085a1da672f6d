package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// BlurVariant names one of the box-blur kernels Blur runs: the first 2D
// stencil users write, straight from global memory and through a shared
// tile with its halo (PMPP's tiled 2D convolution, "halo cells").
type BlurVariant int

// The blur kernels.
const (
	// BlurNaive reads each output's (2r+1)² window from global memory
	// (BlurKernel).
	BlurNaive BlurVariant = iota
	// BlurShared stages the block's 16×16 tile and its halo of r pixels in
	// shared memory first (BlurSharedKernel).
	BlurShared
)

var blurNames = [...]string{"naive", "shared"}

// String returns the variant's short name, such as "shared".
func (v BlurVariant) String() string {
	if v < 0 || int(v) >= len(blurNames) {
		return fmt.Sprintf("BlurVariant(%d)", int(v))
	}
	return blurNames[v]
}

// BlurVariants returns every BlurVariant, in order.
func BlurVariants() []BlurVariant { return []BlurVariant{BlurNaive, BlurShared} }

// BlurTile is the side of the square block of the blur kernels, and of the
// output tile each block computes.
const BlurTile = 16

// BlurMaxRadius is the largest radius Blur takes: the shared tile of
// (16+2r)² float32s must fit the 48 KiB of a block's shared memory.
const BlurMaxRadius = 47

// BlurConfig returns the launch configuration of the blur kernels for a
// width×height image: 16×16 blocks, one per 16×16 tile of the output.
func BlurConfig(width, height int) gocuda.Config {
	return gocuda.Config{
		Grid:  gocuda.Dim3{X: matmulCeil(width, BlurTile), Y: matmulCeil(height, BlurTile)},
		Block: gocuda.Dim3{X: BlurTile, Y: BlurTile},
	}
}

// Blur computes dst, a width×height row-major image, as the box blur of
// src with radius r on dev: each pixel the mean of the (2r+1)² pixels
// around it, coordinates past the edges clamped to them. It returns an
// error wrapping gocuda.ErrInvalidValue if dev is nil, a size or the
// radius is negative, the radius is above BlurMaxRadius, a slice's length
// is not width×height, or v is unknown, and otherwise the launch's error.
func Blur(dev *gocuda.Device, v BlurVariant, src, dst []float32, width, height, r int) error {
	switch {
	case dev == nil:
		return fmt.Errorf("%w: kernels.Blur: nil device", gocuda.ErrInvalidValue)
	case v < 0 || int(v) >= len(blurNames):
		return fmt.Errorf("%w: kernels.Blur: unknown variant %v", gocuda.ErrInvalidValue, v)
	case width < 0 || height < 0 || r < 0 || r > BlurMaxRadius:
		return fmt.Errorf("%w: kernels.Blur: %d×%d image, radius %d (at most %d)",
			gocuda.ErrInvalidValue, width, height, r, BlurMaxRadius)
	case len(src) != width*height || len(dst) != width*height:
		return fmt.Errorf("%w: kernels.Blur: len(src) = %d and len(dst) = %d, want %d×%d",
			gocuda.ErrInvalidValue, len(src), len(dst), width, height)
	case width*height == 0:
		return nil
	}
	kernel := BlurKernel(src, dst, width, height, r)
	if v == BlurShared {
		kernel = BlurSharedKernel(src, dst, width, height, r)
	}
	return dev.Launch(BlurConfig(width, height), kernel)
}

// BlurKernel returns the naive box blur: each thread computes one output
// pixel from the (2r+1)² pixels of src around it, read from global memory,
// rows outer, columns inner, clamped to the image. Launch it with
// BlurConfig.
//
//gocuda:kernel BlurKernel
func blur(t *gocuda.Thread, src, dst []float32, width, height, r int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x >= width || y >= height {
		return
	}
	var sum float32
	for dy := -r; dy <= r; dy++ {
		row := src[clampTo(y+dy, height)*width:]
		for dx := -r; dx <= r; dx++ {
			sum += row[clampTo(x+dx, width)]
		}
	}
	dst[y*width+x] = sum * blurScale(r)
}

// BlurSharedKernel returns the box blur through shared memory, PMPP's
// tiled convolution with halo cells: the block's 16×16 threads first load
// the (16+2r)×(16+2r) input tile its 16×16 outputs need, halo included,
// in loops striding by 16 across and down the tile; after a barrier each thread computes its output from
// the tile, in the same order as BlurKernel, so the results are identical.
// Each input pixel is read from global memory about once per block instead
// of (2r+1)² times. Launch it with BlurConfig.
//
//gocuda:kernel BlurSharedKernel
func blurShared(t *gocuda.Thread, src, dst []float32, width, height, r int) {
	side := BlurTile + 2*r
	tile := gocuda.Shared[float32](t, side*side)
	x0, y0 := t.BlockIdx.X*BlurTile-r, t.BlockIdx.Y*BlurTile-r // the tile's corner in the image
	for ty := t.ThreadIdx.Y; ty < side; ty += BlurTile {
		row := src[clampTo(y0+ty, height)*width:]
		for tx := t.ThreadIdx.X; tx < side; tx += BlurTile {
			tile[ty*side+tx] = row[clampTo(x0+tx, width)]
		}
	}
	t.SyncThreads()
	x, y := x0+r+t.ThreadIdx.X, y0+r+t.ThreadIdx.Y
	if x >= width || y >= height {
		return
	}
	var sum float32
	for dy := 0; dy <= 2*r; dy++ {
		row := tile[(t.ThreadIdx.Y+dy)*side:]
		for dx := 0; dx <= 2*r; dx++ {
			sum += row[t.ThreadIdx.X+dx]
		}
	}
	dst[y*width+x] = sum * blurScale(r)
}

// clampTo returns i clamped to [0, n).
func clampTo(i, n int) int { return min(max(i, 0), n-1) }

// blurScale is 1/(2r+1)², the weight of each pixel of the window.
func blurScale(r int) float32 { return 1 / float32((2*r+1)*(2*r+1)) }
