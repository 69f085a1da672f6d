package goid

import (
	"runtime"
	"strconv"
)

// ID returns the calling goroutine's id, as printed in stack traces. It
// costs a few microseconds (it formats the top of the stack): call it only
// on paths that may block anyway.
func ID() uint64 {
	var buf [64]byte
	s := buf[:runtime.Stack(buf[:], false)]
	// s is "goroutine 123 [running]:\n..."
	const prefix = len("goroutine ")
	end := prefix
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	id, err := strconv.ParseUint(string(s[prefix:end]), 10, 64)
	if err != nil {
		panic("goid: unexpected stack header " + strconv.Quote(string(s)))
	}
	return id
}
