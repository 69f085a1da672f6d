package llmcrodinia

import "github.com/gocuda/gocuda/gocuda"

// This file holds the searches of Rodinia's b+tree (Rodinia 3.1, yuhc/
// gpu-rodinia at 9c10d3e, cuda/b+tree/): findK of
// kernel/kernel_gpu_cuda.cu and findRangeK of kernel/kernel_gpu_cuda_2.cu,
// over the tree as transform_to_cuda of main.c lays it out (knodes in
// breadth-first order, keys[0] = INT_MIN, INT_MAX past the last key), one
// block of DEFAULT_ORDER threads per query. C's long is int64 in the
// arrays and int in the arguments.

// btreeOrder is DEFAULT_ORDER of common.h.
const btreeOrder = 256

// record is common.h's record.
type record struct {
	value int32
}

// knode is common.h's knode.
type knode struct {
	location int32
	indices  [btreeOrder + 1]int32
	keys     [btreeOrder + 1]int32
	isLeaf   bool
	numKeys  int32
}

// FindKKernel is findK of kernel_gpu_cuda.cu: block bid descends height
// levels of the tree towards keysD[bid], the thread whose key interval
// holds it setting the next node, thread 0 moving the block there between
// two barriers; at the leaf the thread holding the key copies its record
// to ansD[bid].
//
//gocuda:kernel FindKKernel
func findK(t *gocuda.Thread, height int,
	knodesD []knode,
	knodesElem int,
	recordsD []record,

	currKnodeD []int64,
	offsetD []int64,
	keysD []int32,
	ansD []record) {

	// private thread IDs
	thid := t.ThreadIdx.X
	bid := t.BlockIdx.X

	// processtree levels
	var i int
	for i = 0; i < height; i++ {

		// if value is between the two keys
		if (knodesD[currKnodeD[bid]].keys[thid]) <= keysD[bid] && (knodesD[currKnodeD[bid]].keys[thid+1] > keysD[bid]) {
			// this conditional statement is inserted to avoid crush due to but in original code
			// "offset[bid]" calculated below that addresses knodes[] in the next iteration goes outside of its bounds cause segmentation fault
			// more specifically, values saved into knodes->indices in the main function are out of bounds of knodes that they address
			if int(knodesD[offsetD[bid]].indices[thid]) < knodesElem {
				offsetD[bid] = int64(knodesD[offsetD[bid]].indices[thid])
			}
		}
		t.SyncThreads()

		// set for next tree level
		if thid == 0 {
			currKnodeD[bid] = offsetD[bid]
		}
		t.SyncThreads()

	}

	//At this point, we have a candidate leaf node which may contain
	//the target record.  Check each key to hopefully find the record
	if knodesD[currKnodeD[bid]].keys[thid] == keysD[bid] {
		ansD[bid].value = recordsD[knodesD[currKnodeD[bid]].indices[thid]].value
	}

}

// FindRangeKKernel is findRangeK of kernel_gpu_cuda_2.cu: block bid
// descends towards startD[bid] and endD[bid] together, then stores the
// index of the start's record in RecstartD[bid] and, after a barrier, the
// number of records from it to the end's in ReclenD[bid].
//
//gocuda:kernel FindRangeKKernel
func findRangeK(t *gocuda.Thread, height int,

	knodesD []knode,
	knodesElem int,

	currKnodeD []int64,
	offsetD []int64,
	lastKnodeD []int64,
	offset2D []int64,
	startD []int32,
	endD []int32,
	RecstartD []int32,
	ReclenD []int32) {

	// private thread IDs
	thid := t.ThreadIdx.X
	bid := t.BlockIdx.X

	// ???
	var i int
	for i = 0; i < height; i++ {

		if (knodesD[currKnodeD[bid]].keys[thid] <= startD[bid]) && (knodesD[currKnodeD[bid]].keys[thid+1] > startD[bid]) {
			// this conditional statement is inserted to avoid crush due to but in original code
			// "offset[bid]" calculated below that later addresses part of knodes goes outside of its bounds cause segmentation fault
			// more specifically, values saved into knodes->indices in the main function are out of bounds of knodes that they address
			if int(knodesD[currKnodeD[bid]].indices[thid]) < knodesElem {
				offsetD[bid] = int64(knodesD[currKnodeD[bid]].indices[thid])
			}
		}
		if (knodesD[lastKnodeD[bid]].keys[thid] <= endD[bid]) && (knodesD[lastKnodeD[bid]].keys[thid+1] > endD[bid]) {
			// this conditional statement is inserted to avoid crush due to but in original code
			// "offset_2[bid]" calculated below that later addresses part of knodes goes outside of its bounds cause segmentation fault
			// more specifically, values saved into knodes->indices in the main function are out of bounds of knodes that they address
			if int(knodesD[lastKnodeD[bid]].indices[thid]) < knodesElem {
				offset2D[bid] = int64(knodesD[lastKnodeD[bid]].indices[thid])
			}
		}
		t.SyncThreads()

		// set for next tree level
		if thid == 0 {
			currKnodeD[bid] = offsetD[bid]
			lastKnodeD[bid] = offset2D[bid]
		}
		t.SyncThreads()
	}

	// Find the index of the starting record
	if knodesD[currKnodeD[bid]].keys[thid] == startD[bid] {
		RecstartD[bid] = knodesD[currKnodeD[bid]].indices[thid]
	}
	t.SyncThreads()

	// Find the index of the ending record
	if knodesD[lastKnodeD[bid]].keys[thid] == endD[bid] {
		ReclenD[bid] = knodesD[lastKnodeD[bid]].indices[thid] - RecstartD[bid] + 1
	}

}
