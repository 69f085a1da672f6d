package probe

import "io"

// install makes r the active analysis, writing its records to w, and
// returns a function that uninstalls it. Tests use it in place of the
// environment; no launch may run while it is called.
func install(r recorder, w io.Writer) (uninstall func()) {
	setRecorder(newOutput(w), r)
	return func() { setRecorder(nil, nil) }
}
