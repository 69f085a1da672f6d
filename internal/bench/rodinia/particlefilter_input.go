package rodinia

import "math"

// The linear congruential generator of ex_particle_CUDA_naive_seq.cu: M,
// A and C (GCC's values), and its radius of the object's disk.
const (
	pfM      = math.MaxInt32
	pfA      = 1103515245
	pfC      = 12345
	pfRadius = 5
)

// pfRandu is randu: the next uniform number in [0, 1] of generator index
// of seed. As in C, the product wraps around in 32 bits and the remainder
// keeps its sign.
func pfRandu(seed []int32, index int) float64 {
	num := int32(pfA)*seed[index] + pfC
	seed[index] = int32(int64(num) % pfM)
	return math.Abs(float64(seed[index]) / float64(pfM))
}

// pfRandn is randn: a standard normal number by Box-Muller.
func pfRandn(seed []int32, index int) float64 {
	u := pfRandu(seed, index)
	v := pfRandu(seed, index)
	cosine := math.Cos(2 * math.Pi * v)
	rt := -2 * math.Log(u)
	return math.Sqrt(rt) * cosine
}

// pfRoundDouble is roundDouble. Its "return newValue++" returns the value
// before the increment, so it truncates, and so does the port.
func pfRoundDouble(value float64) float64 {
	return float64(int32(value))
}

// pfStrelDisk is strelDisk: a disk of the radius in a square of side
// 2·radius-1, ones inside.
func pfStrelDisk(radius int) []int32 {
	diameter := radius*2 - 1
	disk := make([]int32, diameter*diameter)
	for x := range diameter {
		for y := range diameter {
			distance := math.Sqrt(math.Pow(float64(x-radius+1), 2) + math.Pow(float64(y-radius+1), 2))
			if distance < float64(radius) {
				disk[x*diameter+y] = 1
			}
		}
	}
	return disk
}

// pfGetNeighbors is getneighbors: the offsets (y, then x) from the
// disk's centre of its ones.
func pfGetNeighbors(se []int32, radius int) []float64 {
	center, diameter := radius-1, radius*2-1
	var neighbors []float64
	for x := range diameter {
		for y := range diameter {
			if se[x*diameter+y] != 0 {
				neighbors = append(neighbors, float64(y-center), float64(x-center))
			}
		}
	}
	return neighbors
}

// ParticleFilterInput returns the video of videoSequence (iszX×iszY×nfr
// pixels, frame fastest: an object moving one pixel along x and two along
// y per frame, a disk of radius 5 at 228 on a background at 100, plus
// Gaussian noise) and the generators' states after it: nparticles
// generators seeded from seed, as main seeds them from the time (seed[i]
// = time·i). newMatrix of imdilate_disk, uninitialised in the original,
// starts at zero.
func ParticleFilterInput(p ParticleFilterParams, seed uint64) (video, seeds []int32) {
	seeds = make([]int32, p.Nparticles)
	for i := range seeds {
		seeds[i] = int32(uint32(seed) * uint32(i))
	}
	iszX, iszY, nfr := p.IszX, p.IszY, p.Nfr
	maxSize := iszX * iszY * nfr
	video = make([]int32, maxSize)
	x0, y0 := int(pfRoundDouble(float64(iszY)/2.0)), int(pfRoundDouble(float64(iszX)/2.0))
	if i := x0*iszY*nfr + y0*nfr; i < maxSize {
		video[i] = 1
	}
	for k := 1; k < nfr; k++ { // move point
		xk, yk := absInt(x0+(k-1)), absInt(y0-2*(k-1))
		pos := yk*iszY*nfr + xk*nfr + k
		if pos >= maxSize {
			pos = 0
		}
		video[pos] = 1
	}
	dilated := make([]int32, maxSize)
	for z := range nfr { // imdilate_disk
		for x := range iszX {
			for y := range iszY {
				if video[x*iszY*nfr+y*nfr+z] == 1 {
					pfDilate(dilated, x, y, z, iszX, iszY, nfr, pfRadius)
				}
			}
		}
	}
	for i, v := range dilated { // setIf 0 → 100, 1 → 228, addNoise
		video[i] = 100
		if v == 1 {
			video[i] = 228
		}
		video[i] += int32(5 * pfRandn(seeds, 0))
	}
	return video, seeds
}

// pfDilate is dilate_matrix: the pixels of frame posZ within error of
// (posX, posY) set to 1.
func pfDilate(matrix []int32, posX, posY, posZ, dimX, dimY, dimZ, error int) {
	startX, startY := max(posX-error, 0), max(posY-error, 0)
	endX, endY := min(posX+error, dimX), min(posY+error, dimY)
	for x := startX; x < endX; x++ {
		for y := startY; y < endY; y++ {
			distance := math.Sqrt(math.Pow(float64(x-posX), 2) + math.Pow(float64(y-posY), 2))
			if distance < float64(error) {
				matrix[x*dimY*dimZ+y*dimZ+posZ] = 1
			}
		}
	}
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
