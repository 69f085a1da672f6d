// Package gocudatest helps test kernels, as net/http/httptest helps test
// handlers: a device that a stuck kernel cannot hang a test binary with, a
// watchdog for launches that never finish, the two thread orders that
// expose a missing barrier, running a test on both the compiled and the
// runtime path, comparisons against a host reference that name the first
// difference, and hints for launch errors.
//
// The exercises in docs/exercises use it; so can users' own tests.
package gocudatest
