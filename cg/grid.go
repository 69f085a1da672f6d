package cg

import "github.com/gocuda/gocuda/gocuda"

// A Grid is the group of all threads of the caller's grid
// (cooperative_groups::grid_group). Its Sync is valid only in a cooperative
// launch (gocuda.Device.LaunchCooperative). It is a value: copy it freely
// within the thread that made it.
type Grid struct{ t *gocuda.Thread }

// ThisGrid returns the caller's grid (this_grid()).
func ThisGrid(t *gocuda.Thread) Grid { return Grid{t} }

// IsValid reports whether the grid can be synchronized: whether the launch
// is cooperative.
func (g Grid) IsValid() bool { return g.t.Cooperative() }

// Sync waits for every thread of the grid: Thread.SyncGrid.
func (g Grid) Sync() { g.t.SyncGrid() }

// Size returns the number of threads in the grid.
func (g Grid) Size() int64 { return int64(g.NumBlocks()) * int64(ThisThreadBlock(g.t).Size()) }

// ThreadRank returns the caller's linear index in the grid: its block's
// rank times the block size plus its rank in the block.
func (g Grid) ThreadRank() int64 {
	return int64(g.BlockRank())*int64(ThisThreadBlock(g.t).Size()) + int64(ThisThreadBlock(g.t).ThreadRank())
}

// NumBlocks returns the number of blocks in the grid.
func (g Grid) NumBlocks() int { return g.t.GridDim.X * g.t.GridDim.Y * g.t.GridDim.Z }

// BlockRank returns the linear index of the caller's block in the grid.
func (g Grid) BlockRank() int {
	t := g.t
	return (t.BlockIdx.Z*t.GridDim.Y+t.BlockIdx.Y)*t.GridDim.X + t.BlockIdx.X
}

// BlockIndex returns the caller's block index (blockIdx).
func (g Grid) BlockIndex() gocuda.Dim3 { return g.t.BlockIdx }

// DimBlocks returns the grid's size in blocks (gridDim).
func (g Grid) DimBlocks() gocuda.Dim3 { return g.t.GridDim }
