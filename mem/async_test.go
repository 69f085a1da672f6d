package mem_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

func newStream(t *testing.T, dev *gocuda.Device, opts ...gocuda.StreamOption) *gocuda.Stream {
	t.Helper()
	s, err := dev.NewStream(opts...)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// TestAsyncChain queues host-to-device copies, kernels, device-to-device
// copies, a memset and a device-to-host copy on one stream and checks the
// result after Synchronize: each step sees the one before it.
func TestAsyncChain(t *testing.T) {
	const n, rounds = 1000, 50
	dev := newDevice(t)
	s := newStream(t, dev)
	a, err := mem.Malloc[int32](dev, n)
	require.NoError(t, err)
	defer a.Free()
	b, err := mem.Malloc[int32](dev, n)
	require.NoError(t, err)
	defer b.Free()

	src := random(20, n)
	require.NoError(t, a.CopyFromHostAsync(src, s))
	as, bs := a.Slice(), b.Slice()
	addOne := func(t *gocuda.Thread) {
		if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n {
			bs[i] = as[i] + 1
		}
	}
	for range rounds { // a = (a+1) through b, rounds times
		require.NoError(t, s.Launch(grid1D(n), addOne))
		require.NoError(t, mem.CopyAsync(a, b, s))
	}
	require.NoError(t, b.MemsetAsync(0xff, s))
	gotA, gotB := make([]int32, n), make([]int32, n)
	require.NoError(t, a.CopyToHostAsync(gotA, s))
	require.NoError(t, b.CopyToHostAsync(gotB, s))
	require.NoError(t, s.Synchronize())

	for i := range n {
		require.Equal(t, src[i]+rounds, gotA[i], "element %d", i)
		require.EqualValues(t, -1, gotB[i], "element %d", i)
	}
}

// TestAsyncArgumentErrors checks that bad arguments fail at the call, with
// nothing queued.
func TestAsyncArgumentErrors(t *testing.T) {
	dev := newDevice(t)
	s := newStream(t, dev)
	b, err := mem.Malloc[int32](dev, 4)
	require.NoError(t, err)
	defer b.Free()
	c, err := mem.Malloc[int32](dev, 5)
	require.NoError(t, err)
	defer c.Free()
	p, err := mem.Malloc[*int](dev, 4)
	require.NoError(t, err)
	defer p.Free()
	for name, err := range map[string]error{
		"CopyFromHostAsync": b.CopyFromHostAsync(make([]int32, 3), s),
		"CopyToHostAsync":   b.CopyToHostAsync(make([]int32, 5), s),
		"CopyAsync":         mem.CopyAsync(b, c, s),
		"MemsetAsync":       p.MemsetAsync(1, s),
	} {
		assert.ErrorIs(t, err, gocuda.ErrInvalidValue, name)
	}
	assert.NoError(t, s.Query(), "nothing queued, nothing failed")
	assert.NoError(t, s.Synchronize())
}

// TestAsyncUseAfterFree frees a buffer while a copy to it waits in its
// stream: the copy fails when it runs, and Synchronize reports it. The
// stream is non-blocking: Free, like cudaFree, waits for the default and
// blocking streams, so only such a stream can still hold the copy.
func TestAsyncUseAfterFree(t *testing.T) {
	dev := newDevice(t)
	s := newStream(t, dev, gocuda.StreamNonBlocking())
	b, err := mem.Malloc[int32](dev, 4)
	require.NoError(t, err)
	gate := make(chan struct{})
	require.NoError(t, s.LaunchHostFunc(func() { <-gate }))
	require.NoError(t, b.CopyFromHostAsync(make([]int32, 4), s), "valid when queued")
	require.ErrorIs(t, s.Query(), gocuda.ErrNotReady)
	require.NoError(t, b.Free())
	close(gate)
	assert.ErrorIs(t, s.Synchronize(), gocuda.ErrInvalidValue)
	assert.NoError(t, s.Synchronize(), "reported once")
}

// TestAsyncDefaultStream checks that a nil stream means the device's
// default stream.
func TestAsyncDefaultStream(t *testing.T) {
	dev := newDevice(t)
	b, err := mem.Malloc[int32](dev, 100)
	require.NoError(t, err)
	defer b.Free()
	src := random(21, 100)
	require.NoError(t, b.CopyFromHostAsync(src, nil))
	got := make([]int32, 100)
	require.NoError(t, b.CopyToHostAsync(got, nil))
	require.NoError(t, dev.DefaultStream().Synchronize())
	assert.Equal(t, src, got)
}

func TestAsyncClosedStream(t *testing.T) {
	dev := newDevice(t)
	s, err := dev.NewStream()
	require.NoError(t, err)
	require.NoError(t, s.Close())
	b, err := mem.Malloc[int32](dev, 1)
	require.NoError(t, err)
	defer b.Free()
	assert.ErrorIs(t, b.CopyFromHostAsync([]int32{1}, s), gocuda.ErrInvalidResourceHandle)
	assert.ErrorIs(t, b.MemsetAsync(0, s), gocuda.ErrInvalidResourceHandle)
}

// TestAsyncStreams runs independent chains on several streams at once,
// each on its own buffers.
func TestAsyncStreams(t *testing.T) {
	const streams, n = 8, 512
	dev := newDevice(t)
	type chain struct {
		s    *gocuda.Stream
		b, c *mem.Buffer[int32]
		src  []int32
		got  []int32
	}
	chains := make([]chain, streams)
	for i := range chains {
		ch := &chains[i]
		ch.s = newStream(t, dev)
		var err error
		ch.b, err = mem.Malloc[int32](dev, n)
		require.NoError(t, err)
		ch.c, err = mem.Malloc[int32](dev, n)
		require.NoError(t, err)
		ch.src, ch.got = random(uint64(30+i), n), make([]int32, n)
		require.NoError(t, ch.b.CopyFromHostAsync(ch.src, ch.s))
		require.NoError(t, mem.CopyAsync(ch.c, ch.b, ch.s))
		require.NoError(t, ch.b.MemsetAsync(0, ch.s))
		require.NoError(t, ch.c.CopyToHostAsync(ch.got, ch.s))
	}
	for _, ch := range chains {
		require.NoError(t, ch.s.Synchronize())
		assert.Equal(t, ch.src, ch.got)
		require.NoError(t, ch.b.Free())
		require.NoError(t, ch.c.Free())
	}
}

// TestSyncCopyWaitsForStreams: as with CUDA's legacy default stream, a
// synchronous copy sees what work queued earlier on a blocking stream
// wrote, and a synchronous launch runs after it; a non-blocking stream's
// work is not waited for.
func TestSyncCopyWaitsForStreams(t *testing.T) {
	dev := newDevice(t)
	s, err := dev.NewStream()
	require.NoError(t, err)
	defer s.Close()
	buf, err := mem.Malloc[int32](dev, 256)
	require.NoError(t, err)
	defer buf.Free()
	data := buf.Slice()

	release := make(chan struct{})
	require.NoError(t, s.LaunchHostFunc(func() { <-release }))
	require.NoError(t, s.Launch(gocuda.Config{Block: gocuda.Dim3{X: 256}}, func(th *gocuda.Thread) {
		data[th.ThreadIdx.X] = int32(th.ThreadIdx.X) * 3
	}))
	// Hold the stream past the copy's call: a copy that does not wait reads
	// zeros. (The delay only gives a wrong copy the chance to be wrong.)
	time.AfterFunc(20*time.Millisecond, func() { close(release) })
	got := make([]int32, 256)
	require.NoError(t, buf.CopyToHost(got))
	for i, v := range got {
		require.EqualValues(t, i*3, v, "element %d: the copy ran before the stream's kernel", i)
	}

	var after int32
	require.NoError(t, s.Launch(gocuda.Config{}, func(*gocuda.Thread) { data[0] = 99 }))
	require.NoError(t, dev.Launch(gocuda.Config{}, func(*gocuda.Thread) { after = data[0] }))
	require.EqualValues(t, 99, after, "a synchronous launch runs after earlier blocking-stream work")

	nb, err := dev.NewStream(gocuda.StreamNonBlocking())
	require.NoError(t, err)
	defer nb.Close()
	hold := make(chan struct{})
	require.NoError(t, nb.LaunchHostFunc(func() { <-hold }))
	require.NoError(t, buf.CopyToHost(got), "a non-blocking stream's pending work is not waited for")
	close(hold)
	require.NoError(t, nb.Synchronize())
}
