package main

import (
	"encoding/json"
	"fmt"

	"github.com/slidelab/slidelab/internal/memlimit"
)

// buildOptions are pdb build's flags that apply to additive and fringe
// tables alike.
type buildOptions struct {
	rebuild, asJSON, dryRun bool
}

// cachedUnless returns the cache directory whose tables a build will load
// rather than build: none when rebuild is set.
func cachedUnless(rebuild bool, dir string) string {
	if rebuild {
		return ""
	}
	return dir
}

// memoryPlan is what pdb build --dry-run reports.
type memoryPlan struct {
	What string `json:"what"`
	// Need is the build's estimated peak, in bytes.
	Need uint64 `json:"need_bytes"`
	// Allowed is what this process may still take and Limit the limit that
	// sets it; both are absent when no limit can be read.
	Allowed uint64 `json:"allowed_bytes,omitempty"`
	Limit   string `json:"limit,omitempty"`
	Fits    bool   `json:"fits"`
}

// printMemoryPlan prints the memory a build needs and what this machine
// allows (pdb build --dry-run).
func printMemoryPlan(e *env, what string, need uint64, asJSON bool) error {
	plan := memoryPlan{What: what, Need: need, Fits: true}
	if avail, src, ok := memlimit.Available(memlimit.Read()); ok {
		plan.Allowed, plan.Limit, plan.Fits = avail, string(src), need <= avail
	}
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(plan)
	}
	fmt.Fprintf(e.stdout, "%s needs about %s", what, memlimit.Bytes(need))
	switch {
	case plan.Limit == "":
		fmt.Fprintln(e.stdout, "; this machine's memory limits are unknown")
	case plan.Fits:
		fmt.Fprintf(e.stdout, "; this machine allows %s (%s): it fits\n", memlimit.Bytes(plan.Allowed), plan.Limit)
	default:
		fmt.Fprintf(e.stdout, "; this machine allows %s (%s): it does not fit\n", memlimit.Bytes(plan.Allowed), plan.Limit)
	}
	return nil
}
