package cg

import "github.com/gocuda/gocuda/gocuda"

// A ThreadBlock is the group of all threads of the caller's block
// (cooperative_groups::thread_block). It is a value: copy it freely within
// the thread that made it.
type ThreadBlock struct{ t *gocuda.Thread }

// ThisThreadBlock returns the caller's block (this_thread_block()).
func ThisThreadBlock(t *gocuda.Thread) ThreadBlock { return ThreadBlock{t} }

// Sync is the block barrier, SyncThreads.
func (b ThreadBlock) Sync() { b.t.SyncThreads() }

// ThreadRank returns the caller's linear index in the block.
func (b ThreadBlock) ThreadRank() int {
	return b.t.ThreadRank()
}

// Size returns the number of threads in the block.
func (b ThreadBlock) Size() int { return b.t.BlockDim.X * b.t.BlockDim.Y * b.t.BlockDim.Z }

// GroupIndex returns the block's index in the grid (blockIdx).
func (b ThreadBlock) GroupIndex() gocuda.Dim3 { return b.t.BlockIdx }

// ThreadIndex returns the caller's index in the block (threadIdx).
func (b ThreadBlock) ThreadIndex() gocuda.Dim3 { return b.t.ThreadIdx }

// DimThreads returns the block's size (blockDim).
func (b ThreadBlock) DimThreads() gocuda.Dim3 { return b.t.BlockDim }
