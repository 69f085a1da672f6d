package hostmem

import (
	"encoding/binary"
	"testing"
)

// TestSysctlInt decodes values as syscall.Sysctl returns them: the bytes
// in the machine's order, less one trailing zero byte.
func TestSysctlInt(t *testing.T) {
	sysctl := func(b []byte) string {
		if len(b) > 0 && b[len(b)-1] == 0 {
			b = b[:len(b)-1]
		}
		return string(b)
	}
	for _, want := range []int64{16 << 30, 1<<40 + 3, 255, 1 << 56} {
		b := binary.NativeEndian.AppendUint64(nil, uint64(want))
		if got := sysctlInt(sysctl(b)); got != want {
			t.Errorf("sysctlInt of the 8 bytes of %d = %d", want, got)
		}
	}
	for _, want := range []int64{2 << 30, 256} {
		b := binary.NativeEndian.AppendUint32(nil, uint32(want))
		if got := sysctlInt(sysctl(b)); got != want {
			t.Errorf("sysctlInt of the 4 bytes of %d = %d", want, got)
		}
	}
	for _, bad := range []string{"", "123456789"} {
		if got := sysctlInt(bad); got != 0 {
			t.Errorf("sysctlInt(%q) = %d, want 0", bad, got)
		}
	}
}
