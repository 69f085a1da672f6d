package intrinsic

import "time"

// start is the origin of Clock and Clock64: when the package was
// initialized.
var start = time.Now()

// Clock64 is clock64(): a 64-bit counter that never decreases. On a GPU it
// counts the multiprocessor's cycles; here it counts nanoseconds of the
// monotonic clock since the package was initialized, the same on every
// worker, so differences between two readings are elapsed nanoseconds, not
// cycles.
func Clock64() int64 { return int64(time.Since(start)) }

// Clock is clock(): the low 32 bits of Clock64. Like the GPU's 32-bit
// counter it wraps around (here after about 2.1 seconds to negative
// values), so compute differences of readings modulo 2^32.
func Clock() int32 { return int32(Clock64()) }
