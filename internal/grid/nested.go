package grid

import "context"

// Helper is the worker number Job.Run receives for chunks run by the
// goroutine that called Pool.RunNested, which is no worker of the pool.
const Helper = -1

// RunNested runs j like Run, for a caller that is running kernel code (see
// InKernel): a launch from inside a kernel. Such a caller may hold the very
// worker j would wait for (every worker may be running a block that
// launches), so rather than wait idle it claims and runs j's chunks itself,
// calling j.Run with worker Helper, until none is left; then it waits for
// the chunks idle workers took, which are running. So every nested job
// makes progress, however deep the nesting and however busy the workers.
//
// Errors, cancellation and runtime.Goexit are handled as by Run, except
// that a Goexit in a chunk the caller runs goes on to end the caller's
// goroutine, as it would have without nesting.
func (p *Pool) RunNested(ctx context.Context, j *Job) error { return p.run(ctx, j, true) }

// RunHere runs every block of j on the calling goroutine, without the
// pool's workers, calling j.Run with worker Helper, and returns as Run
// does: for a job no worker need help with, whose caller would only wait
// for it. Errors and cancellation are handled as by Run, except that a
// runtime.Goexit in j.Run goes on to end the caller's goroutine, after
// failing j with ErrGoexit, as with RunNested. RunHere panics if j has no
// Run function.
func RunHere(ctx context.Context, j *Job) error {
	if ok, err := j.runnable(ctx); !ok {
		return err
	}
	if j.Chunk <= 0 {
		j.Chunk = j.Blocks
	}
	j.start(ctx)
	defer j.end()
	for j.step(nil, Helper) {
	}
	<-j.done
	return j.result()
}
