package hecbenchatok

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the CUDA kernel of HeCBench's halo-finder benchmark
// (zjin-lcf/HeCBench at f27000a, src/halo-finder-cuda/RCBForceTree.cxx
// and cudaUtil.h, from HACC): Step10_kernel, the short-range force of
// count particles from count1 others, tiles of TILEY particles a thread
// row (y) and TILEX a column (x), in grid-stride loops along both, each
// warp (one row of 32 columns) then summing its lanes' forces with a
// __shfl_down_sync butterfly and one atomicAdd (atomicWarpReduceAndUpdate)
// inside the row's loop and, for the last particles, under a bounds test
// the same for the warp. POSVEL_T is float (POSVEL_64 unset); the
// template helpers are functions of their tile sizes; __ldg and the
// vector loads of loadT are plain loads; __frsqrt_rn is 1/sqrtf.

// The halo-finder constants of RCBForceTree.cxx.
const (
	hfTileX  = 4
	hfTileY  = 4
	hfBlockX = 32
	hfBlockY = 4
)

// b2f is a C bool used as a float.
func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// atomicWarpReduceAndUpdate is atomicWarpReduceAndUpdate of cudaUtil.h.
func atomicWarpReduceAndUpdate(t *gocuda.Thread, out []float32, val float32) {
	// perform shfl reduction
	val += gocuda.ShflDownSync(t, 0xFFFFFFFF, val, 16, 32)
	val += gocuda.ShflDownSync(t, 0xFFFFFFFF, val, 8, 32)
	val += gocuda.ShflDownSync(t, 0xFFFFFFFF, val, 4, 32)
	val += gocuda.ShflDownSync(t, 0xFFFFFFFF, val, 2, 32)
	val += gocuda.ShflDownSync(t, 0xFFFFFFFF, val, 1, 32)

	if t.ThreadIdx.X%32 == 0 {
		atomic.Add(&out[0], val)
	}
}

// computeForces is computeForces<TX, TY> of RCBForceTree.cxx.
func computeForces(tx, ty int, xxi, yyi, zzi, xxj, yyj, zzj, massj, xi, yi, zi []float32, mpRsm2, fsrrmax2 float32) {
	for i := 0; i < ty; i++ {
		for j := 0; j < tx; j++ {
			dxc := xxj[j] - xxi[i]
			dyc := yyj[j] - yyi[i]
			dzc := zzj[j] - zzi[i]

			r2 := dxc*dxc + dyc*dyc + dzc*dzc
			v := r2 + mpRsm2
			v3 := v * v * v

			f := 1 / sqrtf(v3)
			f *= massj[j] * b2f(r2 < fsrrmax2 && r2 > 0.0)

			xi[i] = xi[i] + f*dxc
			yi[i] = yi[i] + f*dyc
			zi[i] = zi[i] + f*dzc
		}
	}
}

// loadTile is loadTile<checkBounds, loadMass, TILE_SIZE> of
// RCBForceTree.cxx (loadT's loads inlined in its else branch).
func loadTile(checkBounds, loadMass bool, tileSize, i, bounds int, xx, yy, zz, mass, xxi, yyi, zzi, massi []float32) {
	if checkBounds {
		for u := 0; u < tileSize; u++ {
			idx := tileSize*i + u

			cond := idx < bounds
			xxi[u], yyi[u], zzi[u] = 0, 0, 0
			if cond {
				xxi[u], yyi[u], zzi[u] = xx[idx], yy[idx], zz[idx]
			}
			if loadMass {
				massi[u] = 0
				if cond {
					massi[u] = mass[idx]
				}
			}
		}
	} else {
		idx := tileSize * i
		for u := 0; u < tileSize; u++ {
			xxi[u] = xx[idx+u]
			yyi[u] = yy[idx+u]
			zzi[u] = zz[idx+u]
			if loadMass {
				massi[u] = mass[idx+u]
			}
		}
	}
}

// applyForce is applyForce<checkBounds, TILE_SIZE> of RCBForceTree.cxx.
func applyForce(t *gocuda.Thread, checkBounds bool, tileSize, i, bounds int, fcoeff float32, xi, yi, zi, vx, vy, vz []float32) {
	for u := 0; u < tileSize; u++ {
		idx := tileSize*i + u

		if !checkBounds || idx < bounds {
			atomicWarpReduceAndUpdate(t, vx[idx:], fcoeff*xi[u])
			atomicWarpReduceAndUpdate(t, vy[idx:], fcoeff*yi[u])
			atomicWarpReduceAndUpdate(t, vz[idx:], fcoeff*zi[u])
		}
	}
}

// Step10Kernel is Step10_kernel of RCBForceTree.cxx.
//
//gocuda:kernel Step10Kernel
func step10(t *gocuda.Thread, count, count1 int, xx, yy, zz, mass, xx1, yy1, zz1, mass1, vx, vy, vz []float32, fsrrmax2, mpRsm2, fcoeff float32) {
	// Register arrays to hold tiles of data
	var xxi, yyi, zzi [hfTileY]float32
	var xxj, yyj, zzj, massj [hfTileX]float32

	xIdx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	yIdx := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	// loop over interior region and calculate forces.
	for i := yIdx; i < count/hfTileY; i += t.BlockDim.Y * t.GridDim.Y {
		var xi, yi, zi [hfTileY]float32

		// load tile i,mass and bounds check are not needed
		loadTile(false, false, hfTileY, i, count, xx, yy, zz, nil, xxi[:], yyi[:], zzi[:], nil)

		// for each tile j
		for j := xIdx; j < count1/hfTileX; j += t.BlockDim.X * t.GridDim.X {
			loadTile(false, true, hfTileX, j, count1, xx1, yy1, zz1, mass1, xxj[:], yyj[:], zzj[:], massj[:])
			computeForces(hfTileX, hfTileY, xxi[:], yyi[:], zzi[:], xxj[:], yyj[:], zzj[:], massj[:], xi[:], yi[:], zi[:], mpRsm2, fsrrmax2)
		}

		// process remaining elements at the end, use TILEX=1
		for j := count1/hfTileX*hfTileX + xIdx; j < count1; j += t.BlockDim.X * t.GridDim.X {
			loadTile(true, true, 1, j, count1, xx1, yy1, zz1, mass1, xxj[:], yyj[:], zzj[:], massj[:])
			computeForces(1, hfTileY, xxi[:], yyi[:], zzi[:], xxj[:], yyj[:], zzj[:], massj[:], xi[:], yi[:], zi[:], mpRsm2, fsrrmax2)
		}

		// apply the force we have calculated above, bounds check is not needed
		applyForce(t, false, hfTileY, i, count, fcoeff, xi[:], yi[:], zi[:], vx, vy, vz)
	}

	// process ramining elements in set TILEY=1
	for i := yIdx; i < count-count/hfTileY*hfTileY; i += t.BlockDim.Y * t.GridDim.Y {
		k := i + count/hfTileY*hfTileY
		var xi, yi, zi [1]float32

		loadTile(true, false, 1, k, count, xx, yy, zz, nil, xxi[:], yyi[:], zzi[:], nil)

		for j := xIdx; j < count1/hfTileX; j += t.BlockDim.X * t.GridDim.X {
			loadTile(false, true, hfTileX, j, count1, xx1, yy1, zz1, mass1, xxj[:], yyj[:], zzj[:], massj[:])
			computeForces(hfTileX, 1, xxi[:], yyi[:], zzi[:], xxj[:], yyj[:], zzj[:], massj[:], xi[:], yi[:], zi[:], mpRsm2, fsrrmax2)
		}

		for j := count1/hfTileX*hfTileX + xIdx; j < count1; j += t.BlockDim.X * t.GridDim.X {
			loadTile(true, true, 1, j, count1, xx1, yy1, zz1, mass1, xxj[:], yyj[:], zzj[:], massj[:])
			computeForces(1, 1, xxi[:], yyi[:], zzi[:], xxj[:], yyj[:], zzj[:], massj[:], xi[:], yi[:], zi[:], mpRsm2, fsrrmax2)
		}

		applyForce(t, true, 1, k, count, fcoeff, xi[:], yi[:], zi[:], vx, vy, vz)
	}
}
