package report

import (
	"runtime/debug"
	"sync"
)

// modulePath is tilecheck's module: its version is looked up among the
// build's modules, so that a report made through the library from another
// module still names the tilecheck it came from.
const modulePath = "github.com/tilecheck/tilecheck"

var versionOnce = sync.OnceValue(func() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return versionOf(bi)
})

// Version is the tilecheck version that made a report: the module version
// (v1.2.3, or "devel" for a build from a checkout), plus the VCS revision
// and "+dirty" when the build embedded them (go build in a git checkout
// does; go test does not).
func Version() string { return versionOnce() }

// versionOf reads the version from build information; split out so a test
// can feed it a fixed one.
func versionOf(bi *debug.BuildInfo) string {
	v := ""
	if bi.Main.Path == modulePath {
		v = bi.Main.Version
	} else {
		for _, d := range bi.Deps {
			if d.Path == modulePath {
				v = d.Version
				if d.Replace != nil && d.Replace.Version != "" {
					v = d.Replace.Version
				}
			}
		}
	}
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if bi.Main.Path != modulePath {
		rev, dirty = "", "" // the revision is of the user's module, not ours
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " (" + rev + dirty + ")"
	}
	return v
}

// Stamp fills the tool name and version of a report that lacks them.
func Stamp(r *Report) {
	if r.Tool == "" {
		r.Tool = "tilecheck"
	}
	if r.Version == "" {
		r.Version = Version()
	}
}
