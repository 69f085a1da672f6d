package gocuda

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"sync"
)

// PrintfBufferSize is how much Printf text a launch keeps, like CUDA's
// default cudaLimitPrintfFifoSize (1 MiB); lines past it are dropped and
// counted.
const PrintfBufferSize = 1 << 20

// WithPrintfOutput sets where kernels' Printf output goes; the default is
// os.Stdout. A launch writes its text to w from the goroutine that
// completes it, a stream's or the launching one. If w panics, the launch
// fails with an error wrapping ErrLaunchFailure (and the panic value, if it
// is an error) besides its own; if it calls runtime.Goexit during a stream
// launch, the stream fails likewise and goes on. Write errors are ignored,
// as CUDA's printf reports none.
func WithPrintfOutput(w io.Writer) Option {
	return func(o *options) error {
		if w == nil {
			return fmt.Errorf("%w: nil printf writer", ErrInvalidValue)
		}
		o.printOut = w
		return nil
	}
}

// Printf is printf in a kernel: it formats with package fmt's verbs (not
// C's) and buffers the text. The launch writes its buffered text when it
// completes, even if it failed, to the device's printf output (see
// WithPrintfOutput), ordered by block (linear index), then thread (linear
// index), then call, so the output is the same on every run, whatever the
// order the workers ran the blocks in. A launch keeps at most
// PrintfBufferSize bytes of text; the rest is dropped, with a final line
// saying how many lines were.
func (t *Thread) Printf(format string, args ...any) {
	g := t.x.launch.grid
	block := (int64(t.BlockIdx.Z)*int64(g.Y)+int64(t.BlockIdx.Y))*int64(g.X) + int64(t.BlockIdx.X)
	t.x.launch.prints.add(block, t.self, fmt.Sprintf(format, args...))
}

// Assert is assert in a kernel: if cond is false the thread fails the
// launch with a *KernelError wrapping ErrAssert that names it and the
// Assert's line.
func (t *Thread) Assert(cond bool) {
	if !cond {
		panic(misuse(ErrAssert, "thread %v: assertion failed", t.ThreadIdx))
	}
}

// Trap is __trap: the thread fails the launch at once with a *KernelError
// wrapping ErrIllegalInstruction.
func (t *Thread) Trap() {
	panic(misuse(ErrIllegalInstruction, "thread %v: trap", t.ThreadIdx))
}

// printBuffer is a launch's Printf text. Its zero value is empty.
type printBuffer struct {
	mu      sync.Mutex
	lines   []printLine
	bytes   int
	dropped int
}

type printLine struct {
	block  int64
	thread int
	text   string
}

func (p *printBuffer) add(block int64, thread int, text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bytes+len(text) > PrintfBufferSize {
		p.dropped++
		return
	}
	p.bytes += len(text)
	p.lines = append(p.lines, printLine{block, thread, text})
}

// flush writes the buffered text in block, thread, call order and empties
// the buffer. A panic in w becomes an error wrapping ErrLaunchFailure (and
// the panic value, if it is an error): the launch's, not the process's.
func (p *printBuffer) flush(w io.Writer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %w", ErrLaunchFailure, panicError("the Printf output writer", r))
		}
	}()
	p.mu.Lock()
	defer p.mu.Unlock()
	defer func() { p.lines, p.bytes, p.dropped = nil, 0, 0 }()
	if len(p.lines) == 0 && p.dropped == 0 {
		return nil
	}
	slices.SortStableFunc(p.lines, func(a, b printLine) int {
		return cmp.Or(cmp.Compare(a.block, b.block), cmp.Compare(a.thread, b.thread))
	})
	for _, l := range p.lines {
		io.WriteString(w, l.text)
	}
	if p.dropped > 0 {
		fmt.Fprintf(w, "gocuda: printf buffer full (%d bytes): %d lines dropped\n", PrintfBufferSize, p.dropped)
	}
	return nil
}
