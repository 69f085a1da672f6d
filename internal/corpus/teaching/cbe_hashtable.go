package teaching

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds appendix_a/hashtable_gpu.cu of "CUDA by Example": a
// chained hash table built in parallel, each bucket's insertion under
// lock.h's spin lock, the 32 lanes of a warp taking their turns in a loop
// so that no two lanes of one warp contend for a lock at once (which
// deadlocked SIMT hardware before independent thread scheduling).

// hashElements is hashtable_gpu.cu's ELEMENTS divided by 1024 (the book's
// is SIZE/sizeof(unsigned int) with SIZE = 100 MiB), so that the test
// stays short; hashEntries is its HASH_ENTRIES.
const (
	hashElements = 100 * 1024 * 1024 / 4 / 1024
	hashEntries  = 1024
)

// Entry is hashtable_gpu.cu's Entry: a key, its value (void*) and the next
// entry of its bucket.
type Entry struct {
	Key   uint32
	Value unsafe.Pointer
	Next  *Entry
}

// Table is hashtable_gpu.cu's Table: count buckets, their chains' heads,
// and the pool the entries come from.
type Table struct {
	Count   uint64
	Entries []*Entry
	Pool    []Entry
}

// hash is hashtable_gpu.cu's hash.
func hash(key uint32, count uint64) uint64 {
	return uint64(key) % count
}

// AddToTableKernel is add_to_table of appendix_a/hashtable_gpu.cu: each
// thread puts keys[tid] (grid-stride) into pool[tid] and links it at the
// head of its bucket under the bucket's lock.
//
//gocuda:kernel AddToTableKernel
func addToTableKernel(t *gocuda.Thread, keys []uint32, values []unsafe.Pointer, table Table, lock []bookLock) {
	tid := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	stride := t.BlockDim.X * t.GridDim.X

	for tid < hashElements {
		key := keys[tid]
		hashValue := hash(key, table.Count)
		for i := 0; i < 32; i++ {
			if (tid % 32) == i {
				location := &table.Pool[tid]
				location.Key = key
				location.Value = values[tid]
				lock[hashValue].lock()
				location.Next = table.Entries[hashValue]
				table.Entries[hashValue] = location
				lock[hashValue].unlock()
			}
		}
		tid += stride
	}
}
