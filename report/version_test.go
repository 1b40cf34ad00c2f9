package report

import (
	"runtime/debug"
	"testing"
)

func TestVersionOf(t *testing.T) {
	cases := []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "3b3b4ab0123456789"}, {Key: "vcs.modified", Value: "true"}}},
			"devel (3b3b4ab01234+dirty)"},
		{debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v1.2.0"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}}, "v1.2.0 (abc)"},
		// The library inside another module: our version, not their revision.
		{debug.BuildInfo{Main: debug.Module{Path: "example.com/user"}, Deps: []*debug.Module{{Path: modulePath, Version: "v0.3.1"}},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "fff"}}}, "v0.3.1"},
	}
	for _, c := range cases {
		if got := versionOf(&c.bi); got != c.want {
			t.Errorf("versionOf(%+v) = %q, want %q", c.bi.Main, got, c.want)
		}
	}
	if Version() == "" {
		t.Error("Version() is empty")
	}
}
