package probe

// TODO(helper B): the checker replaces this file.
func newChecker() recorder { panic("probe: check mode not built yet") }

// String formats r as compute-sanitizer would print it.
func (r *Report) String() string { return r.What }
