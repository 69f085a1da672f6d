package gpu

import (
	"fmt"
	"strconv"
	"strings"
)

// An Arch is a compute capability, such as sm_20 (Fermi) or sm_90
// (Hopper).
type Arch struct{ Major, Minor int }

// The modelled architectures.
var (
	SM10 = Arch{1, 0} // G80 (GeForce 8800 GTX), the seeds' GPU
	SM11 = Arch{1, 1}
	SM12 = Arch{1, 2}
	SM13 = Arch{1, 3} // GT200
	SM20 = Arch{2, 0} // Fermi
	SM30 = Arch{3, 0} // Kepler
	SM35 = Arch{3, 5}
	SM50 = Arch{5, 0} // Maxwell
	SM52 = Arch{5, 2} // GM204 (GeForce GTX 980)
	SM60 = Arch{6, 0} // Pascal
	SM70 = Arch{7, 0} // Volta
	SM75 = Arch{7, 5} // Turing
	SM80 = Arch{8, 0} // Ampere
	SM86 = Arch{8, 6}
	SM89 = Arch{8, 9} // Ada
	SM90 = Arch{9, 0} // Hopper
)

// Archs returns the modelled architectures, oldest first.
func Archs() []Arch {
	return []Arch{SM10, SM11, SM12, SM13, SM20, SM30, SM35, SM50, SM52, SM60, SM70, SM75, SM80, SM86, SM89, SM90}
}

// String returns the architecture as nvcc names it: "sm_20".
func (a Arch) String() string { return fmt.Sprintf("sm_%d%d", a.Major, a.Minor) }

// ParseArch parses "sm_20", "sm20", "compute_20" or "2.0". It returns an
// error for an architecture the package does not model.
func ParseArch(s string) (Arch, error) {
	t := strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(s), "compute_"), "sm_")
	t = strings.TrimPrefix(t, "sm")
	var a Arch
	var err error
	if major, minor, ok := strings.Cut(t, "."); ok {
		a.Major, err = strconv.Atoi(major)
		if err == nil {
			a.Minor, err = strconv.Atoi(minor)
		}
	} else if len(t) >= 2 {
		a.Major, err = strconv.Atoi(t[:len(t)-1])
		if err == nil {
			a.Minor, err = strconv.Atoi(t[len(t)-1:])
		}
	} else {
		err = fmt.Errorf("too short")
	}
	if err != nil {
		return Arch{}, fmt.Errorf("gpu: architecture %q: want sm_XY or X.Y", s)
	}
	if _, ok := limits[a]; !ok {
		return Arch{}, fmt.Errorf("gpu: architecture %s is not modelled (%v)", a, Archs())
	}
	return a, nil
}
