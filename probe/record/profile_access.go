package record

// A WarpAccess is one warp-level execution of a memory access on a line:
// the costliest the profiler saw there, which gocuda profile -html draws
// as the textbooks' coalescing and bank-conflict diagrams.
type WarpAccess struct {
	// Space is "global" or "shared"; Kind "load", "store" or
	// "load+store"; Size the bytes each lane accesses.
	Space string `json:"space"`
	Kind  string `json:"kind"`
	Size  int    `json:"size"`
	// Addrs are the 32 lanes' byte addresses, -1 for an inactive lane:
	// offsets in the block's shared memory, or global addresses less a
	// base aligned to GlobalBase, so that segments and sectors stay where
	// the modelled allocation puts them.
	Addrs []int64 `json:"addrs"`
	// Requests and Transactions are what the access costs on the
	// profile's architecture: global transactions (sectors, lines or
	// segments), or shared wavefronts, of which Ideal would do without
	// bank conflicts.
	Requests     int `json:"requests"`
	Transactions int `json:"transactions"`
	Ideal        int `json:"ideal,omitempty"`
}

// GlobalBase is the alignment of the base a WarpAccess's global
// addresses are taken from: a multiple of every segment, line and sector.
const GlobalBase = 1024

// worse reports whether a is a costlier sample than b (nil is the
// cheapest): more transactions per request, then more transactions.
func (a *WarpAccess) worse(b *WarpAccess) bool {
	if b == nil {
		return a != nil
	}
	if a == nil {
		return false
	}
	return a.Transactions*b.Requests > b.Transactions*a.Requests ||
		a.Transactions*b.Requests == b.Transactions*a.Requests && a.Transactions > b.Transactions
}

// KeepWorse returns the costlier of a and b, preferring a on a tie.
func KeepWorse(a, b *WarpAccess) *WarpAccess {
	if b.worse(a) {
		return b
	}
	return a
}
