package kir

// An order is a constraint on the pass table, as cmd/compile's passOrder:
// pass a must run before pass b, because of why.
type order struct {
	a, b string
	why  string
}

// passOrder lists the constraints on the order of passes that the table
// must keep; TestPassOrder checks it against the table. Moving a pass means
// reading the reasons first.
var passOrder = [...]order{
	{"check", "build", "build assumes what check refuses (goto, defer, the thread escaping) is not there"},
	{"build", "classify", "classify reads the one-thread program build makes, helpers inlined"},
	{"classify", "fission", "fission needs control around barriers proved uniform"},
	{"lockstep", "fission", "fission keeps a grid-stride loop lockstep marked, one thread loop"},
	{"fission", "fuse", "fuse merges the thread loops fission makes"},
	{"fission", "warp", "warp lowers the warp loops fission makes"},
	{"fuse", "spill", "a variable fuse keeps within one loop need not be kept per thread"},
	{"streams", "spill", "spill keeps per thread the variables of the reads streams moves ahead"},
	{"warp", "spill", "spill keeps per lane what lives from one lane loop to the next"},
	{"mode", "order", "order orders the blocks of a grid body, which mode decides there is"},
	{"mode", "shared", "an array is written whole only by threads that did not return, which mode's record of exits tells"},
	{"order", "narrow", "narrow bounds a grid body's thread loops along the axis order chose for its rows"},
	{"narrow", "flatten", "flatten runs in rows only the grid-stride loops whose thread loops narrow has bounded"},
	{"narrow", "unroll", "unroll writes as copies the bounded thread loops narrow makes"},
	{"order", "tile", "tile leaves alone the grid bodies order runs y fastest"},
	{"narrow", "rows", "rows checks the slices over the rows narrow bounds"},
	{"reverse", "rows", "rows runs a reversed scan's step in two, which reverse makes first"},
	{"rows", "tile", "tile runs a grid body of one rebased thread loop as a row, and chunks the lockstep loops rows did not rebase"},
	{"unroll", "stops", "stops does not check the loops unroll writes as copies"},
	{"lockstep", "stops", "stops does not check the grid-stride loops, which end"},
	{"narrow", "trees", "trees reads the bounds narrow gives the tree's thread loops"},
	{"streams", "vector", "vector runs eight threads a step of the loops streams reordered"},
	{"vector", "jam", "jam leaves alone the thread loops vector runs eight threads a step, and pairs calls of the twins it makes"},
	{"jam", "outline", "outline leaves alone the loops jam interleaves"},
	{"rows", "outline", "outline leaves alone the loops rows copies whole"},
	{"unroll", "outline", "outline counts the copies unroll writes as inner loops"},
}
