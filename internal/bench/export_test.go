package bench

import "time"

// SetClock makes the package's timing read now, until restore is called.
func SetClock(now func() time.Time) (restore func()) {
	clock = now
	return func() { clock = time.Now }
}

// AsyncPreemptOff is asyncPreemptOff, for the tests.
var AsyncPreemptOff = asyncPreemptOff
