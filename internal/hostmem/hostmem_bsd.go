//go:build darwin || freebsd || netbsd || openbsd

package hostmem

import "golang.org/x/sys/unix"

func total() int64 {
	for _, name := range []string{"hw.memsize", "hw.physmem64", "hw.physmem"} {
		if n, err := unix.SysctlUint64(name); err == nil && n > 0 {
			return int64(n)
		}
	}
	return 0
}
