package gocuda

// The %lanemask_* special registers of PTX: masks of the caller's warp
// relative to its own lane, used to rank a lane among the lanes of a ballot
// (popc(ballot & LaneMaskLT()) is the lane's rank among those voting true).

// LaneMaskLT is %lanemask_lt: the lanes below the caller's.
func (t *Thread) LaneMaskLT() uint32 { return 1<<t.LaneID() - 1 }

// LaneMaskLE is %lanemask_le: the caller's lane and those below it.
func (t *Thread) LaneMaskLE() uint32 { return 1<<(t.LaneID()+1) - 1 }

// LaneMaskEQ is %lanemask_eq: the caller's lane alone.
func (t *Thread) LaneMaskEQ() uint32 { return 1 << t.LaneID() }

// LaneMaskGE is %lanemask_ge: the caller's lane and those above it.
func (t *Thread) LaneMaskGE() uint32 { return ^t.LaneMaskLT() }

// LaneMaskGT is %lanemask_gt: the lanes above the caller's.
func (t *Thread) LaneMaskGT() uint32 { return ^t.LaneMaskLE() }

// UniSync is __uni_sync: whether pred is the same, all true or all false,
// for every lane of mask. Like the votes it is a warp collective: every
// lane of mask must make the call.
func (t *Thread) UniSync(mask uint32, pred bool) bool {
	// Two votes rather than a ballot compared with mask, so that the
	// engine's rules for which lanes of mask take part hold here too.
	all := t.AllSync(mask, pred)
	return t.AnySync(mask, pred) == all
}
