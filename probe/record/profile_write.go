package record

import (
	"encoding/json"
	"fmt"
	"io"
)

// WriteProfiles writes profiles to w in format "text" (per kernel, a
// summary: see WriteProfilesText), "json"
// (an array of the merged KernelProfiles) or "pprof" (a pprof profile
// whose sample types are the counts and whose locations are the source
// lines, for `go tool pprof -list`). Profiles of the same kernel,
// architecture and register count are merged first: their launches and
// counts are summed.
func WriteProfiles(w io.Writer, format string, profiles []*KernelProfile) error {
	merged := MergeProfiles(profiles)
	var err error
	switch format {
	case "text":
		err = WriteProfilesText(w, merged, TextOptions{})
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if merged == nil {
			merged = []*KernelProfile{} // an empty array, not null
		}
		err = enc.Encode(merged)
	case "pprof":
		err = writePprof(w, merged)
	default:
		return fmt.Errorf("probe: profile format %q: want text, json or pprof", format)
	}
	if err != nil {
		return fmt.Errorf("probe: writing %s profiles: %w", format, err)
	}
	return nil
}
