package rodinia

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// HotspotBlock is BLOCK_SIZE of hotspot.cu: the side of calculate_temp's
// square blocks and of its three shared tiles.
const HotspotBlock = 16

// The chip of hotspot.cu: its constants and the float variables of its
// host code.
const (
	hotspotMaxPD       = 3.0e6 // MAX_PD, maximum power density
	hotspotPrecision   = 0.001 // PRECISION, in degrees
	hotspotSpecHeatSI  = 1.75e6
	hotspotKSI         = 100
	hotspotFactorChip  = 0.5 // FACTOR_CHIP, capacitance fitting factor
	hotspotExpandRate  = 2   // EXPAND_RATE: one more step widens the pyramid's base by 2
	hotspotTimeElapsed = 0.001
	hotspotTChip       = float32(0.0005)
	hotspotChipHeight  = float32(0.016)
	hotspotChipWidth   = float32(0.016)
	hotspotAmbientTemp = float32(80.0)
	hotspotMaxPyramid  = (HotspotBlock - 1) / hotspotExpandRate
)

// CalculateTempKernel returns calculate_temp of Rodinia's hotspot/hotspot.cu:
// iteration time steps of the transient thermal simulation of a chip, a
// 5-point stencil, over a gridRows×gridCols grid. Each 16×16 block loads a
// tile of temperatures and powers into shared memory, then steps it
// iteration times, each step computing a tile one cell smaller on every side
// (the "pyramid"), so that the small block of (16-2·iteration)² cells in
// the middle comes out right; borderCols and borderRows are the halo by
// which the tiles overlap. Cells past the grid's edges read the edge cell
// itself. The loop over steps crosses a barrier after computing, leaves
// (break) before its second barrier on the last step, and otherwise copies
// the step's results back into the tile for the next. Launch it with
// 16×16 blocks over the grid of small blocks (Hotspot does).
//
// As in the original, 2.0*temp promotes the stencil to double precision,
// and the result is rounded back to float. timeElapsed is unused, as it is
// in Rodinia.
//
//gocuda:kernel CalculateTempKernel
func calculateTemp(t *gocuda.Thread, iteration int, power, tempSrc, tempDst []float32,
	gridCols, gridRows, borderCols, borderRows int, capacitance, rx, ry, rz, step, timeElapsed float32) {
	tempOnCuda := gocuda.Shared[[HotspotBlock]float32](t, HotspotBlock)
	powerOnCuda := gocuda.Shared[[HotspotBlock]float32](t, HotspotBlock)
	tempT := gocuda.Shared[[HotspotBlock]float32](t, HotspotBlock) // saving temporary temperature result

	ambTemp := float32(80.0)
	bx, by := t.BlockIdx.X, t.BlockIdx.Y
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y

	stepDivCap := step / capacitance
	rx1, ry1, rz1 := 1/rx, 1/ry, 1/rz

	// Each block finally computes the result for a small block after
	// iteration steps; the small blocks do not overlap and cover the grid.
	smallBlockRows := HotspotBlock - iteration*2 // EXPAND_RATE
	smallBlockCols := HotspotBlock - iteration*2

	// The block's bounds, from those of its small block.
	blkY := smallBlockRows*by - borderRows
	blkX := smallBlockCols*bx - borderCols
	blkYmax := blkY + HotspotBlock - 1
	blkXmax := blkX + HotspotBlock - 1

	// The thread's cell in the grid.
	yidx := blkY + ty
	xidx := blkX + tx

	// Load the cell if it is inside the grid.
	loadYidx, loadXidx := yidx, xidx
	index := gridCols*loadYidx + loadXidx
	if inRange(loadYidx, 0, gridRows-1) && inRange(loadXidx, 0, gridCols-1) {
		tempOnCuda[ty][tx] = tempSrc[index]
		powerOnCuda[ty][tx] = power[index]
	}
	t.SyncThreads()

	// The part of the tile inside the grid: computation outside it is
	// ruled out.
	validYmin := 0
	if blkY < 0 {
		validYmin = -blkY
	}
	validYmax := HotspotBlock - 1
	if blkYmax > gridRows-1 {
		validYmax = HotspotBlock - 1 - (blkYmax - gridRows + 1)
	}
	validXmin := 0
	if blkX < 0 {
		validXmin = -blkX
	}
	validXmax := HotspotBlock - 1
	if blkXmax > gridCols-1 {
		validXmax = HotspotBlock - 1 - (blkXmax - gridCols + 1)
	}

	n, s, w, e := ty-1, ty+1, tx-1, tx+1
	if n < validYmin {
		n = validYmin
	}
	if s > validYmax {
		s = validYmax
	}
	if w < validXmin {
		w = validXmin
	}
	if e > validXmax {
		e = validXmax
	}

	var computed bool
	for i := 0; i < iteration; i++ {
		computed = false
		if inRange(tx, i+1, HotspotBlock-i-2) && inRange(ty, i+1, HotspotBlock-i-2) &&
			inRange(tx, validXmin, validXmax) && inRange(ty, validYmin, validYmax) {
			computed = true
			c := float64(tempOnCuda[ty][tx])
			tempT[ty][tx] = float32(c + float64(stepDivCap)*(float64(powerOnCuda[ty][tx])+
				(float64(tempOnCuda[s][tx]+tempOnCuda[n][tx])-2.0*c)*float64(ry1)+
				(float64(tempOnCuda[ty][e]+tempOnCuda[ty][w])-2.0*c)*float64(rx1)+
				float64((ambTemp-tempOnCuda[ty][tx])*rz1)))
		}
		t.SyncThreads()
		if i == iteration-1 {
			break
		}
		if computed { // the next step's range
			tempOnCuda[ty][tx] = tempT[ty][tx]
		}
		t.SyncThreads()
	}

	// After the last step only the threads of the small block have
	// computed set.
	if computed {
		tempDst[index] = tempT[ty][tx]
	}
}

// inRange is hotspot.cu's and pathfinder.cu's IN_RANGE(x, min, max).
func inRange(x, lo, hi int) bool { return x >= lo && x <= hi }

// hotspotCoeffs are the coefficients compute_tran_temp derives from the
// grid's size, computed with C's promotions and stored as its float
// variables are.
type hotspotCoeffs struct{ capacitance, rx, ry, rz, step float32 }

func newHotspotCoeffs(rows, cols int) hotspotCoeffs {
	gridHeight := hotspotChipHeight / float32(rows)
	gridWidth := hotspotChipWidth / float32(cols)
	tChip, gh, gw := float64(hotspotTChip), float64(gridHeight), float64(gridWidth)
	maxSlope := float32(hotspotMaxPD / (hotspotFactorChip * tChip * hotspotSpecHeatSI))
	return hotspotCoeffs{
		capacitance: float32(hotspotFactorChip * hotspotSpecHeatSI * tChip * gw * gh),
		rx:          float32(gw / (2.0 * hotspotKSI * tChip * gh)),
		ry:          float32(gh / (2.0 * hotspotKSI * tChip * gw)),
		rz:          hotspotTChip / (hotspotKSI * gridHeight * gridWidth),
		step:        float32(hotspotPrecision / float64(maxSlope)),
	}
}

// Hotspot runs iterations time steps of hotspot on dev, as compute_tran_temp
// of hotspot.cu does: CalculateTempKernel launched once per pyramidHeight
// steps (the last launch takes what is left), ping-ponging between temp[0],
// which holds the initial temperatures of the rows×cols grid, and temp[1].
// power is the grid's power. It returns the index of the buffer holding the
// result, as compute_tran_temp does. pyramidHeight is between 1 and 7 (a
// 16×16 block must keep a small block). Errors wrap gocuda.ErrInvalidValue
// for a nil device or bad sizes, or are the launch's.
func Hotspot(dev *gocuda.Device, power []float32, temp [2][]float32, rows, cols, pyramidHeight, iterations int) (int, error) {
	if dev == nil {
		return 0, nilDevice("Hotspot")
	}
	if err := hotspotCheck(power, temp, rows, cols, iterations); err != nil {
		return 0, err
	}
	if pyramidHeight < 1 || pyramidHeight > hotspotMaxPyramid {
		return 0, fmt.Errorf("%w: rodinia.Hotspot: pyramid height %d not in [1, %d]",
			gocuda.ErrInvalidValue, pyramidHeight, hotspotMaxPyramid)
	}
	borderCols := pyramidHeight * hotspotExpandRate / 2
	borderRows := pyramidHeight * hotspotExpandRate / 2
	smallBlockCol := HotspotBlock - pyramidHeight*hotspotExpandRate
	smallBlockRow := HotspotBlock - pyramidHeight*hotspotExpandRate
	blockCols := ceilDiv(cols, smallBlockCol)
	blockRows := ceilDiv(rows, smallBlockRow)
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: blockCols, Y: blockRows},
		Block: gocuda.Dim3{X: HotspotBlock, Y: HotspotBlock},
	}
	c := newHotspotCoeffs(rows, cols)
	src, dst := 1, 0
	for t := 0; t < iterations; t += pyramidHeight {
		src, dst = dst, src
		kernel := CalculateTempKernel(min(pyramidHeight, iterations-t), power, temp[src], temp[dst],
			cols, rows, borderCols, borderRows, c.capacitance, c.rx, c.ry, c.rz, c.step, hotspotTimeElapsed)
		if err := dev.Launch(cfg, kernel); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

func hotspotCheck(power []float32, temp [2][]float32, rows, cols, iterations int) error {
	if rows < 1 || cols < 1 || iterations < 0 || len(power) != rows*cols ||
		len(temp[0]) != rows*cols || len(temp[1]) != rows*cols {
		return fmt.Errorf("%w: rodinia.Hotspot: %d×%d grid, %d iterations, len(power) = %d, len(temp) = %d and %d",
			gocuda.ErrInvalidValue, rows, cols, iterations, len(power), len(temp[0]), len(temp[1]))
	}
	return nil
}

// HotspotSerial computes what Hotspot computes, one time step at a time,
// in one goroutine: the hand-written serial baseline. Each cell's update is
// the kernel's expression, so results agree with Hotspot's. It returns the
// index of the buffer holding the result. It panics on bad sizes.
func HotspotSerial(power []float32, temp [2][]float32, rows, cols, iterations int) int {
	if err := hotspotCheck(power, temp, rows, cols, iterations); err != nil {
		panic(err)
	}
	c := newHotspotCoeffs(rows, cols)
	src, dst := 1, 0
	for range iterations {
		src, dst = dst, src
		hotspotRows(c, power, temp[src], temp[dst], rows, cols, 0, rows)
	}
	return dst
}

// HotspotParallel is HotspotSerial with each time step's rows split over
// GOMAXPROCS goroutines: the hand-written parallel baseline.
func HotspotParallel(power []float32, temp [2][]float32, rows, cols, iterations int) int {
	if err := hotspotCheck(power, temp, rows, cols, iterations); err != nil {
		panic(err)
	}
	c := newHotspotCoeffs(rows, cols)
	src, dst := 1, 0
	for range iterations {
		src, dst = dst, src
		parallelFor(rows, func(lo, hi int) { hotspotRows(c, power, temp[src], temp[dst], rows, cols, lo, hi) })
	}
	return dst
}

// hotspotRows steps rows lo to hi-1 of src into dst, neighbours past the
// grid's edges clamped to the edge as calculate_temp clamps them.
func hotspotRows(c hotspotCoeffs, power, src, dst []float32, rows, cols, lo, hi int) {
	stepDivCap := c.step / c.capacitance
	rx1, ry1, rz1 := 1/c.rx, 1/c.ry, 1/c.rz
	for y := lo; y < hi; y++ {
		row := src[y*cols : (y+1)*cols]
		north := src[max(y-1, 0)*cols:][:cols]
		south := src[min(y+1, rows-1)*cols:][:cols]
		pow := power[y*cols:][:cols]
		out := dst[y*cols:][:cols]
		for x := range cols {
			w, e := max(x-1, 0), min(x+1, cols-1)
			v := float64(row[x])
			out[x] = float32(v + float64(stepDivCap)*(float64(pow[x])+
				(float64(south[x]+north[x])-2.0*v)*float64(ry1)+
				(float64(row[e]+row[w])-2.0*v)*float64(rx1)+
				float64((hotspotAmbientTemp-row[x])*rz1)))
		}
	}
}

// HotspotInput returns a rows×cols grid's initial temperatures and powers,
// made from seed: temperatures uniform in [323, 343) and powers in
// [0, 0.5), where Rodinia reads its temp_N and power_N files.
func HotspotInput(rows, cols int, seed uint64) (temp, power []float32) {
	r := newRand(seed)
	temp, power = make([]float32, rows*cols), make([]float32, rows*cols)
	for i := range temp {
		temp[i] = 323 + 20*r.Float32()
		power[i] = 0.5 * r.Float32()
	}
	return temp, power
}

// ceilDiv is ceil(a/b) for a >= 0, b > 0: the n/b + (n%b == 0 ? 0 : 1) of
// Rodinia's host code.
func ceilDiv(a, b int) int { return (a + b - 1) / b }
