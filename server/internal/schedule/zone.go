package schedule

import (
	"time"
	// The zone database inside the binary: the same zones on every machine.
	_ "time/tzdata"
)

// Zone is a business's time zone from its IANA name; UTC for "" or a name
// this machine does not know (the settings refuse unknown names).
func Zone(name string) *time.Location {
	if name == "" {
		return time.UTC
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

// ValidZone reports whether name is "" (UTC) or a known IANA time zone.
func ValidZone(name string) bool {
	if name == "" {
		return true
	}
	_, err := time.LoadLocation(name)
	return err == nil
}

// Today is the date ("2006-01-02") it is at now in the business's zone.
func Today(zone string, now time.Time) string {
	return now.In(Zone(zone)).Format(time.DateOnly)
}
