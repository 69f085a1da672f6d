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
// # Reductions and scans
//
// Reduce, InclusiveScan and ExclusiveScan are cg::reduce,
// cg::inclusive_scan and cg::exclusive_scan, over a Tile or a Coalesced
// group, as in CUDA (a whole ThreadBlock is not one: a block-wide
// reduction writes out its shared memory and barrier, as CUDA code does):
//
//	sum := cg.Reduce(tile, v, cg.Plus)            // cg::reduce(tile, v, cg::plus<int>())
//	lo := cg.Reduce(cg.CoalescedThreads(t), v, cg.Less)
//	offset := cg.ExclusiveScan(tile, n, cg.Plus)  // cg::exclusive_scan(tile, n)
//
// They keep CUDA's shape, free functions of a group, a value and an
// operator, because that is what Go allows and what ported code expects:
// methods cannot have type parameters, so group.reduce(v) is out, and one
// generic function per collective, constrained to the groups it works on
// (ReduceGroup), replaces CUDA's overloads. The operator is a plain
// func(T, T) T rather than a type with methods, so the operators CUDA names
// (Plus, Less, Greater, BitAnd, BitOr, BitXor) are generic functions whose
// type argument Go infers from v: cg.Plus reads like cg::plus<T>() without
// spelling T, and a closure serves where CUDA takes a lambda.
//
// # Partitions
//
// LabeledPartition and BinaryPartition split a Tile or a Coalesced group
// into coalesced groups of the threads with equal labels, or equal
// predicates, as cg::labeled_partition and cg::binary_partition do.
//
// ThisGrid is the grid of a cooperative launch (gocuda's
// Device.LaunchCooperative), whose Sync waits for every thread of every
// block.
package cg
