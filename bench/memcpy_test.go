package bench_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
	"github.com/gocuda/gocuda/mem"
)

// BenchmarkMemcpy measures package mem's synchronous copies of 64 MiB (a
// []byte held in a mem.Buffer[byte]) against Go's built-in copy of the
// same bytes between the same memory (impl=handSerial): dir=hostToDevice
// is Buffer.CopyFromHost (cudaMemcpyHostToDevice) against copy into the
// buffer's slice, dir=deviceToHost is Buffer.CopyToHost against copy out
// of it, and dir=deviceToDevice is mem.Copy between two buffers against
// copy between their slices. So the ratio is the cost of the API alone,
// not of where the bytes lie. b.SetBytes makes the results read as
// bandwidth.
func BenchmarkMemcpy(b *testing.B) { runSuite(b, "Memcpy") }

// memcpyBuffers are BenchmarkMemcpy's host slice and two device buffers.
type memcpyBuffers struct {
	host       []byte
	buf, other *mem.Buffer[byte]
}

func memcpySuite(tb testing.TB, short bool) []benchCase {
	const n = 64 << 20
	dev := newDevice(tb, gocuda.WithWorkers(1))
	bufs := sync.OnceValues(func() (*memcpyBuffers, error) { return newMemcpyBuffers(tb, dev, n) })
	cases := []struct {
		dir          string
		gocuda, hand func(m *memcpyBuffers) error
	}{
		{"hostToDevice",
			func(m *memcpyBuffers) error { return m.buf.CopyFromHost(m.host) },
			func(m *memcpyBuffers) error { copy(m.buf.Slice(), m.host); return nil }},
		{"deviceToHost",
			func(m *memcpyBuffers) error { return m.buf.CopyToHost(m.host) },
			func(m *memcpyBuffers) error { copy(m.host, m.buf.Slice()); return nil }},
		{"deviceToDevice",
			func(m *memcpyBuffers) error { return mem.Copy(m.other, m.buf) },
			func(m *memcpyBuffers) error { copy(m.other.Slice(), m.buf.Slice()); return nil }},
	}
	var cs []benchCase
	for _, c := range cases {
		for _, impl := range []struct {
			name string
			run  func(m *memcpyBuffers) error
		}{{"gocuda", c.gocuda}, {bench.HandSerial, c.hand}} {
			cs = append(cs, benchCase{fmt.Sprintf("dir=%s/bytes=%d/impl=%s", c.dir, n, impl.name), func(b *testing.B) {
				m, err := bufs()
				must(b, err)
				b.SetBytes(n)
				for b.Loop() {
					must(b, impl.run(m))
				}
			}})
		}
	}
	return cs
}

// newMemcpyBuffers allocates n host bytes and two n-byte buffers on dev,
// freed when tb ends, with every page faulted in.
func newMemcpyBuffers(tb testing.TB, dev *gocuda.Device, n int) (*memcpyBuffers, error) {
	m := &memcpyBuffers{host: make([]byte, n)}
	for i := range m.host {
		m.host[i] = byte(i)
	}
	var err error
	for _, p := range []**mem.Buffer[byte]{&m.buf, &m.other} {
		if *p, err = mem.Malloc[byte](dev, n); err != nil {
			return nil, err
		}
		buf := *p
		tb.Cleanup(func() { buf.Free() })
		if err := buf.Fill(1); err != nil { // fault every page in before timing
			return nil, err
		}
	}
	return m, nil
}
