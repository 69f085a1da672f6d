package compiled

// Ahead runs f, thread code a generated body runs ahead of its order
// (the first loads of every thread of a block, before the rest of each
// thread's statement), and reports whether it returned: false where it
// panicked. The body then runs the code as written, which fails where
// the kernel does, at the thread it would; f changes nothing that code
// reads.
func Ahead(f func()) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	f()
	return true
}
