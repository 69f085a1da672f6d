package gocuda

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/gocuda/gocuda/internal/grid"
)

// Limits on the blocks one multiprocessor keeps resident, as on compute
// capability 9.0. They bound a cooperative launch (see
// Device.MaxActiveBlocksPerMultiprocessor).
const (
	// MaxBlocksPerMultiProcessor is maxBlocksPerMultiProcessor: 32.
	MaxBlocksPerMultiProcessor = 32

	// reservedSharedPerBlock is the shared memory sm_90 sets aside for
	// each resident block (1 KiB).
	reservedSharedPerBlock = 1 << 10
)

// MaxActiveBlocksPerMultiprocessor is cudaOccupancyMaxActiveBlocksPerMultiprocessor:
// how many blocks of the given shape and dynamic shared memory one
// multiprocessor of compute capability 9.0 keeps resident, bounded by its
// 2048 threads (counted in whole warps), its 32 blocks and its 228 KiB of
// shared memory (with 1 KiB reserved per block). A Go kernel has no register
// budget, so registers do not limit it; nor does static shared memory,
// which gocuda only learns as the kernel runs. A cooperative launch may have
// at most this many blocks per worker.
func (d *Device) MaxActiveBlocksPerMultiprocessor(block Dim3, dynamicShared int) (int, error) {
	b := block.normalized()
	if err := checkDims("block", b, Dim3{MaxBlockDimX, MaxBlockDimY, MaxBlockDimZ}); err != nil {
		return 0, err
	}
	if b.size() > MaxThreadsPerBlock {
		return 0, fmt.Errorf("%w: block %v has %d threads, more than %d",
			ErrInvalidConfiguration, b, b.size(), MaxThreadsPerBlock)
	}
	if dynamicShared < 0 || dynamicShared > SharedMemPerBlockOptin {
		return 0, fmt.Errorf("%w: %d bytes of dynamic shared memory", ErrInvalidValue, dynamicShared)
	}
	return residentBlocks(int(b.size()), dynamicShared), nil
}

// LaunchCooperative is cudaLaunchCooperativeKernel. See
// LaunchCooperativeContext.
func (d *Device) LaunchCooperative(cfg Config, kernel func(*Thread)) error {
	return d.LaunchCooperativeContext(context.Background(), cfg, kernel)
}

// LaunchCooperativeContext runs kernel as a cooperative launch: every block
// is resident at once, so its threads may wait for the whole grid with
// Thread.SyncGrid (cg::this_grid().sync()). A launch with more blocks than
// Workers × MaxActiveBlocksPerMultiprocessor(cfg.Block, cfg.SharedMem)
// fails with ErrCooperativeLaunchTooLarge before anything runs, as it does
// on a GPU; size the grid with that product.
//
// Each block runs on a goroutine of its own rather than on the workers, so
// that blocks waiting at a grid barrier leave none idle; the Go scheduler
// shares the cores among them. Otherwise the launch behaves as
// LaunchContext: errors, cancellation and waiting for the default stream
// alike. A failure in one block, or cancellation, releases the blocks
// waiting at a grid barrier, and blocks waiting at one that a returned
// block never reached fail the launch with a *GridDeadlockError.
//
// As in CUDA, whose device runtime has no cooperative launch, a kernel
// cannot make one: from inside a kernel LaunchCooperativeContext returns an
// error wrapping ErrNotPermitted.
func (d *Device) LaunchCooperativeContext(ctx context.Context, cfg Config, kernel func(*Thread)) error {
	if err := hostOnly("LaunchCooperative"); err != nil {
		return err
	}
	l, err := d.newCooperativeLaunch(cfg, kernel)
	if err != nil {
		return err
	}
	if err := d.awaitStreams(ctx, "Device.LaunchCooperativeContext"); err != nil {
		return awaitError(err)
	}
	return d.runCooperative(ctx, l)
}

// LaunchCooperative queues a cooperative launch of kernel on s, as
// cudaLaunchCooperativeKernel with a stream does: see
// Device.LaunchCooperativeContext for the grid's limit and barriers, and
// Launch for the stream's rules. A grid too large to be resident returns
// ErrCooperativeLaunchTooLarge at once; a call from inside a kernel returns
// ErrNotPermitted.
func (s *Stream) LaunchCooperative(cfg Config, kernel func(*Thread)) error {
	s = s.orDefault()
	if err := hostOnly("Stream.LaunchCooperative"); err != nil {
		return err
	}
	l, err := s.dev.newCooperativeLaunch(cfg, kernel)
	if err != nil {
		return err
	}
	return s.enqueue(&op{run: func() error { return s.dev.runCooperative(context.Background(), l) }})
}

// newCooperativeLaunch validates a cooperative launch: a valid
// configuration whose blocks can all be resident at once.
func (d *Device) newCooperativeLaunch(cfg Config, kernel func(*Thread)) (*launch, error) {
	l, err := d.newLaunch(cfg, kernel)
	if err != nil {
		return nil, err
	}
	perWorker, err := d.MaxActiveBlocksPerMultiprocessor(cfg.Block, cfg.SharedMem)
	if err != nil {
		return nil, err
	}
	if limit := int64(perWorker * d.Workers()); l.blocks > limit {
		return nil, fmt.Errorf("%w: %d blocks of %v, at most %d (%d workers × %d blocks each)",
			ErrCooperativeLaunchTooLarge, l.blocks, l.block, limit, d.Workers(), perWorker)
	}
	l.gridBar = &grid.GridBarrier{Reporter: reporter{grid: l.grid}}
	return l, nil
}

// LaunchCooperative runs kernel as a cooperative launch on the default
// device. See Device.LaunchCooperativeContext.
func LaunchCooperative(cfg Config, kernel func(*Thread)) error {
	return Default().LaunchCooperative(cfg, kernel)
}

// runCooperative runs every block of l at once on executors of its own.
func (d *Device) runCooperative(ctx context.Context, l *launch) error {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return ErrContextIsDestroyed
	}
	l.start(false)
	execs := d.resident.take(int(l.blocks))
	defer d.resident.put(execs)
	job := &grid.Job{Blocks: l.blocks}
	job.Run = func(block int, first, end int64) error {
		return execs[block].run(l, job, first, end)
	}
	err := grid.RunResident(ctx, job, l.gridBar)
	return l.finish(ctx, err, d.print)
}

// SyncGrid is cg::this_grid().sync(): it waits until every thread of every
// block of the grid that has not returned has reached SyncGrid, and makes
// every write made before it visible to the whole grid after it. It is
// valid only in a cooperative launch (Device.LaunchCooperative); elsewhere
// it fails the launch with an error wrapping ErrInvalidValue. Within a
// block it is a barrier like SyncThreads (threads that have returned do not
// hold it up, and threads of one block at different barriers deadlock);
// across blocks a block that returns before reaching a SyncGrid the others
// wait at fails the launch with a *GridDeadlockError, where a GPU would
// hang.
func (t *Thread) SyncGrid() {
	x := t.x
	bar := x.launch.gridBar
	if bar == nil {
		panic(misuse(ErrInvalidValue, "thread %v: SyncGrid outside a cooperative launch (use LaunchCooperative)", t.ThreadIdx))
	}
	t.sync(grid.OpGridSync, false)
	// The block's threads have met. Whichever of them runs first holds the
	// block's turn, so no other thread of the block goes on until it has
	// waited for the other blocks.
	t.gridSyncs++
	if x.launch.probe != nil {
		x.pb.GridSyncs[t.self]++
		x.pb.Synced = true
	}
	if x.gridSyncs < t.gridSyncs {
		x.gridSyncs = t.gridSyncs
		if bar.Wait(x.launch.grid.linear(x.block)) != nil {
			panic(errGridAborted)
		}
	}
}

// Cooperative reports whether the thread runs in a cooperative launch,
// where SyncGrid is valid: cg::this_grid().is_valid().
func (t *Thread) Cooperative() bool { return t.x.launch.gridBar != nil }

// errGridAborted unwinds a block waiting at a grid barrier when another
// block fails; the launch reports that block's error, not this.
var errGridAborted = errors.New("gocuda: grid barrier aborted by a failure in another block")

// A GridDeadlockError reports blocks of a cooperative launch that wait at
// SyncGrid for blocks that returned without reaching it (Exited). Blocks are
// named by index. It unwraps to ErrLaunchTimeout, the error a GPU's
// watchdog reports for the hung kernel.
type GridDeadlockError struct {
	Waiting []Dim3
	Exited  []Dim3
}

// Error names the first few blocks of each kind.
func (e *GridDeadlockError) Error() string {
	return fmt.Sprintf("gocuda: grid barrier deadlock: %d blocks wait at SyncGrid (%s) for %d that returned without reaching it (%s); on a GPU this kernel hangs until the launch times out",
		len(e.Waiting), firstBlocks(e.Waiting), len(e.Exited), firstBlocks(e.Exited))
}

// Unwrap returns ErrLaunchTimeout.
func (e *GridDeadlockError) Unwrap() error { return ErrLaunchTimeout }

func firstBlocks(bs []Dim3) string {
	const shown = 4
	s := ""
	for i, b := range bs[:min(shown, len(bs))] {
		if i > 0 {
			s += ", "
		}
		s += b.String()
	}
	if len(bs) > shown {
		s += fmt.Sprintf(", and %d more", len(bs)-shown)
	}
	return s
}

// compiledSyncGrid is SyncGrid for a compiled body, at block level: the
// block's threads have all arrived; a block whose threads have all
// returned is done instead, as on the runtime path.
func compiledSyncGrid(b *compiledBlock) bool {
	x := b.Thread.x
	bar := x.launch.gridBar
	if bar == nil {
		panic(misuse(ErrInvalidValue, "thread %v: SyncGrid outside a cooperative launch (use LaunchCooperative)", b.Index[max(0, min(b.Pos.Thread, len(b.Index)-1))]))
	}
	if !slices.Contains(b.Exited[:b.Threads], false) {
		return false
	}
	x.gridSyncs++
	if bar.Wait(x.launch.grid.linear(x.block)) != nil {
		panic(errGridAborted)
	}
	return true
}
