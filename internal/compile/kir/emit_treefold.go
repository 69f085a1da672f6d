package kir

// treeFoldTrip writes, at the top of a trip of loop n, a halving tree
// over shared memory (n.Fold, treefold.go), the call of compiled.TreeFold
// running this trip's step and the next one or two where the block is
// one-dimensional and has a thread for each x below the step; the loop
// goes on from the last step it ran. Elsewhere, and where it runs none,
// the trip runs as written. The SIMD build writes no call where it runs
// the step in vector steps: fused scalar sums took longer than those, and
// fused vector sums were no faster (BenchmarkReduce's sequential).
func (e *emitter) treeFoldTrip(n *For) {
	fd := n.Fold
	if e.simd && e.f.Vector[n.Body[0].(*ThreadLoop)] {
		return
	}
	s := e.f.Vars[fd.Step].Name
	k := e.f.Names.Fresh("k")
	e.printf("if %s && %s <= %s {\n", e.oneD(), s, e.use("bdx"))
	if fd.Op != "" {
		e.printf("if %s := %s.TreeFoldOp(%s, %s, %s, %d, %s.%s); %s > 0 {\n", k, e.f.Src.Compiled, e.plain(fd.Row), s, e.plain(fd.Stop), fd.Keep, e.f.Src.Compiled, fd.Op, k)
	} else {
		e.printf("if %s := %s.TreeFold(%s, %s, %s, %d); %s > 0 {\n", k, e.f.Src.Compiled, e.plain(fd.Row), s, e.plain(fd.Stop), fd.Keep, k)
	}
	e.printf("%s = %s\ncontinue\n}\n}\n", s, k)
}

// warpTree writes warp loop w, under, where it is the last warp of a
// tree (w.Tree, treefold_warp.go), the condition that the block is not
// one-dimensional, has less than a warp, or that compiled.TreeSum did
// not run the tree (its slice too short).
func (e *emitter) warpTree(w *WarpLoop) {
	wt := w.Tree
	if wt == nil {
		e.warpLoop(w)
		return
	}
	e.printf("if !(%s && %s >= %d && %s.TreeSum(%s, %d)) {\n", e.oneD(), e.use("bdx"), warpSize, e.f.Src.Compiled, e.plain(wt.Row), wt.Start)
	e.warpLoop(w)
	e.printf("}\n")
}
