package hostmem

import "syscall"

// total asks the kernel through sysinfo(2), in the standard library's
// syscall package so that importing gocuda adds no module to a user's go.mod.
func total() int64 {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil {
		return 0
	}
	return int64(info.Totalram) * int64(info.Unit)
}
