package probe

import (
	"io"

	"github.com/gocuda/gocuda/internal/probelink"
)

// install makes r the active analysis, writing its records to w, and
// returns a function that uninstalls it. Tests use it in place of the
// environment; no launch may run while it is called.
func install(r recorder, w io.Writer) (uninstall func()) {
	out = newOutput(w)
	rec, on = r, true
	probelink.Set(r)
	return func() {
		rec, on, out = nil, false, nil
		probelink.Set(nil)
	}
}
