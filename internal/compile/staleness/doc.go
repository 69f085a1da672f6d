// Package staleness tests, end to end, that a compiled kernel whose source
// changed after gocuda compile generated it never runs: in scratch modules
// built the ways a user's program is (go run, a binary run elsewhere,
// -trimpath, a dependency from the module cache, a vendored copy), the
// edited kernel runs as written now, on the runtime path, with one
// warning naming the command that fixes it, or fails its launch under
// GOCUDA_STRICT=1; and gocuda compile -check lists the stale file. It has
// no code of its own.
package staleness
