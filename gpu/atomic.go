package gpu

// Atomics. "If an atomic instruction executed by a warp reads, modifies,
// and writes to the same location in global memory for more than one of
// the threads of the warp, each read/modify/write to that location occurs
// and they are all serialized" (NVIDIA Nsight Visual Studio Edition 4.7
// User Guide, "Memory Statistics - Atomics", which the CUDA C Programming
// Guide's section on global memory words alike, not checked): a
// warp-level atomic whose k lanes name one address costs k serialized
// operations, where a load of it would cost one broadcast. The rule used
// here, for both memories:
//   - Shared memory: an atomic is performed in the banks (natively from
//     5.x, as a lock, update and unlock loop on 2.x and 3.x, whose extra
//     cost is not modelled: NVIDIA's "Fast Histograms Using Shared
//     Atomics on Maxwell", 2015, not checked), each lane's operation a
//     step of its bank: a request takes as many steps as the most lanes
//     any bank serves, distinct addresses in distinct banks at once,
//     lanes on one word one after another, and lanes on distinct words
//     of one bank as a bank conflict has them. 1.x serves a half-warp at
//     a time. Steps beyond one replay as a bank conflict's wavefronts
//     do (GPU.WavefrontCycles each).
//   - Global memory: an atomic is performed at the L2 cache, which
//     serves distinct addresses in parallel and the operations on one
//     address one after another: a request takes as many operations in
//     sequence as the most lanes that name one address, each holding the
//     warp GPU.AtomicCycles (see presets.go), on top of the transactions
//     Arch.Global counts for its addresses.
//
// Atomics of different warps on one address serialize too; the model
// counts each warp's request on its own, as it counts a bank conflict.

// AtomicCount is what one warp's atomic costs on an architecture: its
// requests (half-warps on 1.x), the transactions of its addresses (as
// Global counts a load's; none for shared memory), and Operations, the
// serialized steps the rule above gives it, at least one a request (one
// for a warp whose lanes name distinct addresses, in distinct banks).
type AtomicCount struct {
	Requests, Transactions int
	Operations             int
}

// SharedAtomic returns the cost of a warp's atomic on shared memory on a.
func (a Arch) SharedAtomic(w Warp) AtomicCount {
	part, banks := 32, 32
	if a.Major == 1 {
		part, banks = 16, 16
	}
	var c AtomicCount
	for p := 0; p < 32; p += part {
		lanes := map[int]int{} // by bank
		most := 0
		for _, l := range w[p : p+part] {
			if l.Active {
				bank := int(l.Addr / 4 % uint64(banks))
				lanes[bank]++
				most = max(most, lanes[bank])
			}
		}
		if most > 0 {
			c.Requests++
			c.Operations += most
		}
	}
	return c
}

// GlobalAtomic returns the cost of a warp's atomic on global memory on a:
// the operations of each of its requests (a half-warp's on 1.x), at least
// one a request.
func (a Arch) GlobalAtomic(w Warp) AtomicCount {
	gc := a.Global(w)
	c := AtomicCount{Requests: gc.Requests, Transactions: gc.Transactions}
	part := 32
	if a.Major == 1 {
		part = 16
	}
	for p := 0; p < 32; p += part {
		lanes := map[uint64]int{} // by address
		most := 0
		for _, l := range w[p : p+part] {
			if l.Active {
				lanes[l.Addr]++
				most = max(most, lanes[l.Addr])
			}
		}
		c.Operations += most
	}
	c.Operations = max(c.Operations, c.Requests) // 2.x and 3.x split a wide access into requests
	return c
}
