package probe

// TODO(helper B): the checker replaces this file.
func newChecker() recorder { panic("probe: check mode not built yet") }
