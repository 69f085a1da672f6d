//go:build darwin || freebsd || netbsd || openbsd

package hostmem

import "syscall"

// total asks sysctl(3) for the first of the names the BSDs use, through the
// standard library so that importing gocuda adds no module to a user's go.mod.
func total() int64 {
	for _, name := range []string{"hw.memsize", "hw.physmem64", "hw.physmem"} {
		if s, err := syscall.Sysctl(name); err == nil {
			if n := sysctlInt(s); n > 0 {
				return n
			}
		}
	}
	return 0
}
