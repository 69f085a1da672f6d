package gpu

// SharedCount is what one warp's shared-memory access costs on an
// architecture: the steps (wavefronts; nvprof's shared transactions) the
// hardware serializes it into, the ideal number of steps for its width,
// and the worst bank conflict of a step (n-way; 1 is none).
type SharedCount struct {
	Transactions, Ideal, Ways int
}

// Conflicts returns the steps beyond the ideal: Nsight Compute's
// l1tex__data_bank_conflicts.
func (c SharedCount) Conflicts() int { return c.Transactions - c.Ideal }

// Shared returns the cost of a warp's shared memory access on a, by
// GPU-MODELS.md §2: 16 banks per half-warp with one broadcast word on 1.x,
// 32 banks per warp with broadcast from 2.0 (3.x in its default 32-bit
// mode, where words i and i+32 of a 64-word segment share a step).
// Accesses of 8 bytes are served per half-warp and of 16 per quarter-warp.
func (a Arch) Shared(w Warp) SharedCount {
	size := activeSize(w[:])
	part := 32
	switch {
	case size == 0:
		return SharedCount{}
	case a.Major == 1:
		part = 16
	case size == 8:
		part = 16
	case size == 16:
		part = 8
	}
	var c SharedCount
	for p := 0; p < 32; p += part {
		n := a.sharedPart(w[p : p+part])
		if n > 0 {
			c.Transactions += n
			c.Ideal++
			c.Ways = max(c.Ways, n)
		}
	}
	return c
}

// sharedPart returns the steps one conflict domain needs: the most
// distinct rows any bank is asked for.
func (a Arch) sharedPart(lanes []Lane) int {
	banks := a.SharedBanks()
	rows := map[int]map[uint64]bool{} // bank to the rows (words, or 64-word segments) asked of it
	var broadcast uint64
	first := true
	steps := 0
	for _, l := range lanes {
		if !l.Active {
			continue
		}
		for word := l.Addr / 4; word < (l.Addr+uint64(l.Size)+3)/4; word++ {
			bank, row := int(word%uint64(banks)), word
			if a.Major == 3 {
				row = word / 64 // 32-bit mode: words i and i+32 of a 64-word segment in one step
			}
			if first {
				broadcast, first = word, false
			}
			if a.Major == 1 && word != broadcast {
				row = word<<8 | uint64(steps) // 1.x broadcasts one word: every other access counts
				steps++
			}
			if rows[bank] == nil {
				rows[bank] = map[uint64]bool{}
			}
			rows[bank][row] = true
		}
	}
	n := 0
	for _, r := range rows {
		n = max(n, len(r))
	}
	return n
}

// SharedBanks returns the number of shared-memory banks a conflict domain
// of a spreads words over: 16 (a half-warp's) on 1.x, 32 from 2.0.
func (a Arch) SharedBanks() int {
	if a.Major == 1 {
		return 16
	}
	return 32
}
