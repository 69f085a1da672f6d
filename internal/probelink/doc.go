// Package probelink connects the engine (packages gocuda and mem) to package
// probe, the runtime of instrumented builds (gocuda check, gocuda profile):
// the engine tells an installed Observer of launches, blocks and memory,
// and keeps per-thread barrier counts and the block's shared-memory ranges
// in a Block the probe reads. In an ordinary build no Observer is installed
// and the engine pays one nil check per block.
package probelink
