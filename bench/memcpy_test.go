package bench_test

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// BenchmarkMemcpy measures package mem's synchronous copies of n bytes (a
// []byte of n = 64 MiB, held in a mem.Buffer[byte]) against Go's built-in
// copy of the same bytes between the same memory: hostToDevice is
// Buffer.CopyFromHost (cudaMemcpyHostToDevice) against copy into the
// buffer's slice, deviceToHost is Buffer.CopyToHost against copy out of it,
// and deviceToDevice is mem.Copy between two buffers against copy between
// their slices. So the ratio is the cost of the API alone, not of where the
// bytes lie. b.SetBytes(n) makes the results read as bandwidth.
func BenchmarkMemcpy(b *testing.B) {
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	defer dev.Close()
	const n = 64 << 20
	host := make([]byte, n)
	for i := range host {
		host[i] = byte(i)
	}
	buf, err := mem.Malloc[byte](dev, n)
	if err != nil {
		b.Fatal(err)
	}
	defer buf.Free()
	other, err := mem.Malloc[byte](dev, n)
	if err != nil {
		b.Fatal(err)
	}
	defer other.Free()
	for _, err := range []error{buf.Fill(1), other.Fill(1)} { // fault every page in before timing
		must(b, err)
	}
	bufData, otherData := buf.Slice(), other.Slice()

	cases := []struct {
		dir          string
		gocuda, copy func()
	}{
		{"hostToDevice", func() { must(b, buf.CopyFromHost(host)) }, func() { copy(bufData, host) }},
		{"deviceToHost", func() { must(b, buf.CopyToHost(host)) }, func() { copy(host, bufData) }},
		{"deviceToDevice", func() { must(b, mem.Copy(other, buf)) }, func() { copy(otherData, bufData) }},
	}
	for _, c := range cases {
		for _, impl := range []struct {
			name string
			run  func()
		}{{"gocuda", c.gocuda}, {"copy", c.copy}} {
			b.Run(fmt.Sprintf("%s/n=%d/%s", c.dir, n, impl.name), func(b *testing.B) {
				b.SetBytes(n)
				for b.Loop() {
					impl.run()
				}
			})
		}
	}
}
