//go:build !e2eclock

package schedule

import "github.com/pocketbase/pocketbase/core"

// bindControl adds nothing in a release build: its clock is the wall clock.
func bindControl(*core.ServeEvent) {}
