package hecbenchstencil

import (
	"testing"

	"github.com/gocuda/gocuda/internal/corpus/ledger"
)

// TestRefusedLedger requires testdata/refused.txt to list exactly the
// kernels gocuda compile leaves on the runtime path, with its reasons, so
// that the ledger's history shows the compiler's progress on this corpus.
// After go generate, write the ledger anew with
//
//	cd internal/corpus && go test ./hecbenchstencil -run TestRefusedLedger -update
func TestRefusedLedger(t *testing.T) { ledger.Check(t, ".", *update) }
