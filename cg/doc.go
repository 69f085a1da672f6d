// Package cg is CUDA's cooperative groups for gocuda kernels: named groups
// of threads that synchronize and exchange values together. It is built on
// package gocuda's barriers and warp collectives, as a user could build it.
//
//	block := cg.ThisThreadBlock(t)
//	tile := cg.TiledPartition(block, 16)
//	v = v + cg.ShflDown(tile, v, 8)
//	tile.Sync()
//
// Go methods cannot be generic, so the shuffles are functions taking the
// group (cg.Shfl(tile, v, 0) for CUDA's tile.shfl(v, 0)). They move values
// of any type without pointers, as gocuda.ShflSync does.
//
// ThisGrid is the grid of a cooperative launch (gocuda's
// Device.LaunchCooperative), whose Sync waits for every thread of every
// block.
package cg
