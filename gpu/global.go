package gpu

import "slices"

// A Lane is one lane's part in a warp's memory instruction: whether it is
// active, the byte address it accesses and the access's size in bytes (1,
// 2, 4, 8 or 16).
type Lane struct {
	Active bool
	Addr   uint64
	Size   int
}

// A Warp is the lanes of one warp instruction.
type Warp [32]Lane

// FullWarp is the mask of a warp's 32 lanes.
const FullWarp = ^uint32(0)

// GlobalCount is what one warp's global load or store costs on an
// architecture: the requests it is split into (half-warps on 1.x, and on
// 2.x for accesses wider than 4 bytes) and the memory transactions they
// need (32-, 64- and 128-byte transactions on 1.x, 128-byte L1 lines on
// 2.x and 3.x, 32-byte sectors on 5.x and later: nvprof's
// gld_transactions, Nsight Compute's sectors), with the bytes those
// transactions move and the bytes the lanes asked for.
type GlobalCount struct {
	Requests, Transactions int
	Bytes, UsefulBytes     int
}

// Global returns the cost of a warp's global memory access on a, by
// GPU-MODELS.md §1.1: the strict half-warp rule on 1.0 and 1.1, the
// segment-reduction protocol on 1.2 and 1.3, 128-byte lines (L1 caching,
// the default) on 2.x and 3.x, 32-byte sectors from 5.0.
func (a Arch) Global(w Warp) GlobalCount {
	var c GlobalCount
	for _, l := range w {
		if l.Active {
			c.UsefulBytes += l.Size
		}
	}
	unit, _ := a.GlobalUnit(activeSize(w[:]))
	switch {
	case a.Major == 1 && a.Minor <= 1:
		for h := 0; h < 32; h += 16 {
			c.add(strictHalfWarp(w[h:h+16], unit))
		}
	case a.Major == 1:
		for h := 0; h < 32; h += 16 {
			c.add(reduceSegments(w[h:h+16], unit))
		}
	case a.Major <= 3:
		c.add(units(w[:], unit))
		if size := activeSize(w[:]); size > 4 {
			c.Requests = size / 4 // a request per half-warp (8 bytes) or quarter-warp (16)
		}
	default:
		c.add(units(w[:], unit))
	}
	return c
}

// GlobalUnit returns the aligned unit by which a's rules count a global
// access of size bytes, and its name (GPU-MODELS.md §1.1): the segment a
// half-warp coalesces into on 1.x (on 1.0 and 1.1 bytes and halfwords do
// not coalesce: a 32-byte transaction a lane), the 128-byte line on 2.x
// and 3.x, the 32-byte sector from 5.0.
func (a Arch) GlobalUnit(size int) (bytes uint64, name string) {
	switch {
	case a.Major >= 5:
		return 32, "sector"
	case a.Major >= 2:
		return 128, "line"
	case a.Minor <= 1 && size >= 4:
		return 16 * uint64(size), "segment"
	case a.Minor <= 1, size == 1:
		return 32, "segment"
	case size == 2:
		return 64, "segment"
	}
	return 128, "segment"
}

func (c *GlobalCount) add(d GlobalCount) {
	c.Requests += d.Requests
	c.Transactions += d.Transactions
	c.Bytes += d.Bytes
}

// activeSize returns the access size of the lanes, 0 if none is active.
func activeSize(lanes []Lane) int {
	for _, l := range lanes {
		if l.Active {
			return l.Size
		}
	}
	return 0
}

// strictHalfWarp is the 1.0/1.1 rule: one 64- or 128-byte transaction (two
// for 16-byte words) if the active lanes' words are in one segment, the
// k-th lane on the k-th word; else a 32-byte transaction per active lane.
func strictHalfWarp(lanes []Lane, seg uint64) GlobalCount {
	size := activeSize(lanes)
	if size == 0 {
		return GlobalCount{}
	}
	var base uint64
	ok, found := size >= 4, false
	for k, l := range lanes {
		if !l.Active {
			continue
		}
		b := l.Addr - uint64(k*size)
		if !found {
			base, found = b, true
		}
		ok = ok && l.Size == size && b == base && base%seg == 0
	}
	if ok {
		n := 1 + size/16 // two 128-byte transactions for 16-byte words
		return GlobalCount{Requests: 1, Transactions: n, Bytes: int(seg)}
	}
	c := GlobalCount{Requests: 1}
	for _, l := range lanes {
		if l.Active {
			c.Transactions++
			c.Bytes += 32
		}
	}
	return c
}

// reduceSegments is the 1.2/1.3 protocol: repeatedly take the segment of
// the lowest active lane, serve every lane in it with one transaction
// shrunk to the half (or quarter) of the segment they use.
func reduceSegments(lanes []Lane, seg uint64) GlobalCount {
	if activeSize(lanes) == 0 {
		return GlobalCount{}
	}
	pending := slices.Clone(lanes)
	c := GlobalCount{Requests: 1}
	for {
		first := slices.IndexFunc(pending, func(l Lane) bool { return l.Active })
		if first < 0 {
			return c
		}
		start := pending[first].Addr &^ (seg - 1)
		lo, hi := start+seg, start // the bytes the segment's lanes use
		for i := range pending {
			if l := pending[i]; l.Active && l.Addr&^(seg-1) == start {
				lo, hi = min(lo, l.Addr), max(hi, l.Addr+uint64(l.Size))
				pending[i].Active = false
			}
		}
		c.Transactions++
		c.Bytes += int(shrink(start, seg, lo, hi))
	}
}

// shrink returns the transaction size serving bytes lo to hi of the
// segment at start: halved while they lie in one half, down to 32.
func shrink(start, size, lo, hi uint64) uint64 {
	for size > 32 {
		half := size / 2
		switch {
		case hi <= start+half:
		case lo >= start+half:
			start += half
		default:
			return size
		}
		size = half
	}
	return size
}

// units counts the distinct aligned units (lines or sectors) of the given
// size that the active lanes touch.
func units(lanes []Lane, unit uint64) GlobalCount {
	seen := map[uint64]bool{}
	for _, l := range lanes {
		if !l.Active {
			continue
		}
		for u := l.Addr / unit; u <= (l.Addr+uint64(l.Size)-1)/unit; u++ {
			seen[u] = true
		}
	}
	if len(seen) == 0 {
		return GlobalCount{}
	}
	return GlobalCount{Requests: 1, Transactions: len(seen), Bytes: len(seen) * int(unit)}
}
