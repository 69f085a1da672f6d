package probe

import (
	"fmt"

	"github.com/gocuda/gocuda/probe/record"
)

// initcheck: a kernel's read of bytes nothing wrote. In shared memory,
// bytes no thread of the block wrote earlier in the block (gocuda zeroes
// shared memory, a GPU does not); in global memory, bytes of a mem
// allocation neither the host (copies, Memset, Fill) nor a kernel wrote
// (mem.Malloc zeroes them, cudaMalloc does not). Go memory that did not come
// from package mem is initialized, as Go initializes it.

// uninit reports the read of x, which found bytes never written.
func (bs *blockState) uninit(site *Site, x *accessCtx) {
	f, isNew := bs.found.get(findingKey{kind: findUninit, space: x.space, s1: site.id, s2: -1}, bs.b.Index)
	addr := uint64(x.off)
	if x.space == spaceGlobal {
		addr = uint64(x.addr)
	}
	f.note(bs.b.Index, int(x.cur.rank), addr)
	if !isNew {
		return
	}
	ls := bs.launch
	r := &record.Report{
		Tool: "initcheck", Severity: record.Error, Block: bs.idx,
		Space: x.space.String(), Offset: x.off, Size: x.size,
		What:     fmt.Sprintf("Uninitialized %s memory read of size %d bytes", x.space, x.size),
		Accesses: []record.Access{siteAccess("read", site, ls.thread(int(x.cur.rank)), bs.idx)},
	}
	if x.space == spaceShared {
		r.Detail = "no thread of the block wrote these bytes before: a GPU does not zero shared memory"
	} else {
		r.Addr = uint64(x.addr)
		r.Alloc = x.alloc.describe()
		r.Detail = "neither the host nor a kernel wrote these bytes of the allocation: cudaMalloc does not zero memory"
	}
	f.report = r
}
