package devlink

import (
	"testing"

	"github.com/stretchr/testify/require"
)

type device struct{ acct *Account }
type stream struct{ ops []func() error }

func TestHooksRoundTrip(t *testing.T) {
	saved := hooks
	t.Cleanup(func() { hooks = saved })

	awaited := 0
	Set(Hooks[*device, *stream]{
		AccountOf:    func(d *device) *Account { return d.acct },
		Enqueue:      func(s *stream, op func() error) error { s.ops = append(s.ops, op); return nil },
		AwaitStreams: func(*device, string) error { awaited++; return nil },
	})
	h := Get[*device, *stream]()
	d, s := &device{NewAccount(10)}, &stream{}
	require.Same(t, d.acct, h.AccountOf(d))
	require.NoError(t, h.Enqueue(s, func() error { return nil }))
	require.Len(t, s.ops, 1)
	require.NoError(t, h.AwaitStreams(d, "test"))
	require.Equal(t, 1, awaited)

	require.Panics(t, func() { Get[*stream, *device]() }, "the types must match Set's")
}
