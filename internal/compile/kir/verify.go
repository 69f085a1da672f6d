package kir

import "fmt"

// Verify checks the invariants that hold after the pass named after: it
// returns an error naming the first one broken. Tests run it between
// passes.
func Verify(f *Func, after string) error {
	fissioned := false
	for _, p := range passes {
		if p.name == "fission" {
			fissioned = true
		}
		if p.name == after {
			break
		}
	}
	if !fissioned {
		return verifyThread(f.Body)
	}
	if err := verifyGrid(f); err != nil {
		return err
	}
	return verifyBlock(f.Body)
}

// verifyGrid checks the orders of a grid body's blocks: one at most, and
// only in grid mode.
func verifyGrid(f *Func) error {
	switch {
	case (f.BlocksYFirst || f.Transposed || f.Runs) && !f.Grid:
		return fmt.Errorf("a grid body's block order outside grid mode")
	case f.BlocksYFirst && (f.Transposed || f.Runs):
		return fmt.Errorf("blocks y first, and transposed or in runs")
	}
	return nil
}

// verifyThread checks a body before fission: no thread loops, no block
// code.
func verifyThread(nodes []Node) error {
	for _, n := range nodes {
		switch n := n.(type) {
		case *ThreadLoop, *Reduced:
			return fmt.Errorf("%T before fission", n)
		case *Code:
			if n.Block {
				return fmt.Errorf("block code before fission")
			}
		}
		for _, list := range children(n) {
			if err := verifyThread(list); err != nil {
				return err
			}
		}
	}
	return nil
}

// verifyBlock checks a body after fission: thread code only inside thread
// loops, which hold Code alone; no barrier left as a node.
func verifyBlock(nodes []Node) error {
	for _, n := range nodes {
		switch n := n.(type) {
		case *Barrier:
			if n.Pred != nil {
				return fmt.Errorf("predicate barrier left after fission")
			}
		case *Code:
			if !n.Block {
				return fmt.Errorf("thread code outside a thread loop")
			}
		case *WarpLoop:
			continue
		case *ThreadLoop:
			if n.Outside && (len(n.Bounds) == 0 || n.Rebase != nil) {
				return fmt.Errorf("thread loop L%d runs outside no bounds, or rebased", n.ID)
			}
			for _, c := range n.Body {
				if code, ok := c.(*Code); !ok || code.Block {
					return fmt.Errorf("thread loop L%d holds %T", n.ID, c)
				}
			}
			continue
		}
		for _, list := range children(n) {
			if err := verifyBlock(list); err != nil {
				return err
			}
		}
	}
	return nil
}
