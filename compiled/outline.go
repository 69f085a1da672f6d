package compiled

// OutOfLine calls fn. Neither it nor fn is ever inlined: generated code
// passes it a literal holding a thread loop whose threads each run a
// loop of their own, so that Go allocates that loop's registers apart
// from the rest of the body, where the block's values live across the
// loop would take them and spill its counter. Escape analysis sees that
// fn does not outlive the call: the literal stays on the stack.
//
//go:noinline
func OutOfLine(fn func()) { fn() }
