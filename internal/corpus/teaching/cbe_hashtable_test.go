package teaching

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestCbeHashtable builds the hash table of random keys as
// hashtable_gpu.cu's main does (60 blocks of 256 threads, the keys their
// own values) and checks it as its verify_table does: every entry in the
// bucket its key hashes to, every element found once, with its value.
func TestCbeHashtable(t *testing.T) {
	r := rng(hashElements)
	keys := make([]uint32, hashElements)
	values := make([]unsafe.Pointer, hashElements)
	for i := range keys {
		keys[i] = r.Uint32()
		values[i] = unsafe.Pointer(&keys[i])
	}
	for _, f := range forms {
		table := Table{Count: hashEntries, Entries: make([]*Entry, hashEntries), Pool: make([]Entry, hashElements)}
		locks := make([]bookLock, hashEntries)
		for i := range locks {
			locks[i] = bookLock{new(int32)}
		}
		require.NoError(t, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 60}, Block: gocuda.Dim3{X: 256}}, AddToTableKernel(keys, values, table, locks)), f.name)
		seen := make([]bool, hashElements)
		count := 0
		for b, e := range table.Entries {
			for ; e != nil; e = e.Next {
				count++
				require.Equal(t, uint64(b), hash(e.Key, table.Count), f.name)
				i := (uintptr(unsafe.Pointer(e)) - uintptr(unsafe.Pointer(&table.Pool[0]))) / unsafe.Sizeof(Entry{})
				require.False(t, seen[i], "%s: element %d twice", f.name, i)
				seen[i] = true
				require.Equal(t, keys[i], e.Key, f.name)
				require.Equal(t, unsafe.Pointer(&keys[i]), e.Value, f.name)
			}
		}
		require.Equal(t, hashElements, count, f.name)
	}
}
