package report

import (
	"github.com/stretchr/testify/assert"
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
		assert.Equal(t, c.want, versionOf(&c.bi), "versionOf(%+v)", c.bi.Main)
	}
	assert.NotEmpty(t, Version(), "Version() is empty")
}
