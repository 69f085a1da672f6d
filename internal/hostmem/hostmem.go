package hostmem

// Fallback is the size reported where the operating system cannot be asked.
const Fallback = 8 << 30

// Total returns the machine's physical memory in bytes, or Fallback.
func Total() int64 {
	if n := total(); n > 0 {
		return n
	}
	return Fallback
}
