package kir

import (
	"slices"
	"testing"
)

// TestPassOrder: every constraint of passOrder names two passes of the
// table, and the table runs the first before the second.
func TestPassOrder(t *testing.T) {
	names := PassNames()
	for _, o := range passOrder {
		i, j := slices.Index(names, o.a), slices.Index(names, o.b)
		switch {
		case i < 0 || j < 0:
			t.Errorf("passOrder: %s before %s names a pass the table does not have", o.a, o.b)
		case i >= j:
			t.Errorf("pass %s must run before pass %s: %s", o.a, o.b, o.why)
		}
		if o.why == "" {
			t.Errorf("passOrder: %s before %s gives no reason", o.a, o.b)
		}
	}
}

// TestRequiredPasses: switching off a required pass, or one not in the
// table, is an error that says which; an optional pass is not.
func TestRequiredPasses(t *testing.T) {
	for _, p := range passes {
		err := CheckOff([]string{p.name})
		if p.required == optional {
			if err != nil {
				t.Errorf("CheckOff(%s), an optional pass: %v", p.name, err)
			}
			continue
		}
		want := "pass " + p.name + " is required and cannot be switched off: " + p.required
		if err == nil || err.Error() != want {
			t.Errorf("CheckOff(%s) = %v, want %q", p.name, err, want)
		}
	}
	if err := CheckOff([]string{"nosuch"}); err == nil {
		t.Error("CheckOff(nosuch) = nil, want an error")
	}
	for _, name := range []string{"check", "build", "classify", "fission", "warp", "spill", "mode"} {
		if PassRequired(name) == "" {
			t.Errorf("pass %s is optional: switching it off miscompiles (TestPassesOff in the fuzz module finds it)", name)
		}
	}
}
