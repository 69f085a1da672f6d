package gocuda

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOptionErrors: every constructor returns its options' first error and
// makes nothing, and the options set what they name.
func TestOptionErrors(t *testing.T) {
	bad := errors.New("bad option")
	_, err := NewDevice(WithWorkers(0))
	require.ErrorIs(t, err, ErrInvalidValue)
	_, err = NewDevice(func(*options) error { return bad })
	require.ErrorIs(t, err, bad)

	d, err := NewDevice(WithWorkers(1))
	require.NoError(t, err)
	defer func() { require.NoError(t, d.Close()) }()

	streams := len(d.streams.snapshot())
	_, err = d.NewStream(StreamNonBlocking(), func(*streamOptions) error { return bad })
	require.ErrorIs(t, err, bad)
	assert.Len(t, d.streams.snapshot(), streams, "a failed NewStream registered a stream")
	_, err = d.NewEvent(func(*eventOptions) error { return bad })
	require.ErrorIs(t, err, bad)

	for _, tc := range []struct {
		opts []StreamOption
		want bool
	}{{nil, true}, {[]StreamOption{StreamNonBlocking()}, false}} {
		s, err := d.NewStream(tc.opts...)
		require.NoError(t, err)
		assert.Equal(t, tc.want, s.blocking, "blocking with %d options", len(tc.opts))
		require.NoError(t, s.Close())
	}
	for _, tc := range []struct {
		opts []EventOption
		want bool
	}{{nil, true}, {[]EventOption{EventDisableTiming()}, false}} {
		e, err := d.NewEvent(tc.opts...)
		require.NoError(t, err)
		assert.Equal(t, tc.want, e.timing, "timing with %d options", len(tc.opts))
	}
}
