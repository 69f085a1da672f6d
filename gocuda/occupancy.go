package gocuda

import "fmt"

// OccupancyMaxPotentialBlockSize is cudaOccupancyMaxPotentialBlockSize: the
// block size that keeps the most threads resident on a multiprocessor, for
// a kernel using dynamicShared bytes of dynamic shared memory per block,
// and the smallest grid that fills the device at that size (minGridSize:
// the resident blocks per multiprocessor times Workers). blockSizeLimit
// caps the block size; 0 means MaxThreadsPerBlock. The occupancy model is
// MaxActiveBlocksPerMultiprocessor's. A negative argument, or dynamic
// shared memory past SharedMemPerBlockOptin, is ErrInvalidValue.
//
// A grid-stride kernel is typically launched as
//
//	grid, block, _ := dev.OccupancyMaxPotentialBlockSize(0, 0)
//	cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: block}}
func (d *Device) OccupancyMaxPotentialBlockSize(dynamicShared, blockSizeLimit int) (minGridSize, blockSize int, err error) {
	if dynamicShared < 0 || dynamicShared > SharedMemPerBlockOptin {
		return 0, 0, fmt.Errorf("%w: %d bytes of dynamic shared memory", ErrInvalidValue, dynamicShared)
	}
	return d.OccupancyMaxPotentialBlockSizeVariableSMem(func(int) int { return dynamicShared }, blockSizeLimit)
}

// OccupancyMaxPotentialBlockSizeVariableSMem is
// cudaOccupancyMaxPotentialBlockSizeVariableSMem:
// OccupancyMaxPotentialBlockSize for a kernel whose dynamic shared memory
// depends on its block size, as dynamicShared(blockSize) says (a block
// reduction's one element per thread, say). A block size whose shared
// memory cannot fit a block keeps no block resident and is passed over.
//
// It follows the algorithm of CUDA's header: try block sizes from the limit
// down in steps of the warp size (the first try is the limit itself when it
// is not a multiple of 32), and keep the first that reaches the highest
// occupancy in threads (blocks per multiprocessor times block size),
// stopping early at full occupancy (MaxThreadsPerMultiProcessor).
// dynamicShared is called once for each size tried.
func (d *Device) OccupancyMaxPotentialBlockSizeVariableSMem(dynamicShared func(blockSize int) int, blockSizeLimit int) (minGridSize, blockSize int, err error) {
	if dynamicShared == nil {
		return 0, 0, fmt.Errorf("%w: nil dynamic shared memory function", ErrInvalidValue)
	}
	if blockSizeLimit < 0 {
		return 0, 0, fmt.Errorf("%w: block size limit %d", ErrInvalidValue, blockSizeLimit)
	}
	if blockSizeLimit == 0 || blockSizeLimit > MaxThreadsPerBlock {
		blockSizeLimit = MaxThreadsPerBlock
	}
	best, bestBlocks, bestThreads := 0, 0, 0
	for aligned := (blockSizeLimit + WarpSize - 1) / WarpSize * WarpSize; aligned > 0; aligned -= WarpSize {
		size := min(aligned, blockSizeLimit)
		smem := dynamicShared(size)
		if smem < 0 {
			return 0, 0, fmt.Errorf("%w: %d bytes of dynamic shared memory for blocks of %d", ErrInvalidValue, smem, size)
		}
		blocks := residentBlocks(size, smem)
		if threads := blocks * size; threads > bestThreads {
			best, bestBlocks, bestThreads = size, blocks, threads
		}
		if bestThreads == MaxThreadsPerMultiProcessor {
			break
		}
	}
	return bestBlocks * d.Workers(), best, nil
}

// residentBlocks is the occupancy model: how many blocks of threads
// threads, each with dynamicShared bytes of dynamic shared memory, one
// sm_90 multiprocessor keeps resident. It is 0 when the shared memory
// cannot fit a block.
func residentBlocks(threads, dynamicShared int) int {
	if dynamicShared > SharedMemPerBlockOptin {
		return 0
	}
	warps := (threads + WarpSize - 1) / WarpSize
	n := min(MaxBlocksPerMultiProcessor, MaxThreadsPerMultiProcessor/(warps*WarpSize))
	return min(n, SharedMemPerMultiprocessor/(dynamicShared+reservedSharedPerBlock))
}
