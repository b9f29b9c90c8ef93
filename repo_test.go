package grundy_test

import (
	"os/exec"
	"testing"
)

// TestBuildOutputsIgnored: what a user builds as the README and the go
// command make it (the grundy binary in the root or in cmd/grundy, the
// editor extension's package, a converted grammar) is ignored by git,
// and the sources beside them are not.
func TestBuildOutputsIgnored(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	if err := exec.Command(git, "rev-parse", "--is-inside-work-tree").Run(); err != nil {
		t.Skip("not in a git work tree")
	}
	ignored := func(path string) bool {
		// --no-index: by the rules alone, tracked or not.
		return exec.Command(git, "check-ignore", "--no-index", "-q", path).Run() == nil
	}
	for _, p := range []string{"grundy", "grundy.exe", "cmd/grundy/grundy", "cmd/grundy/grundy.exe", "editors/grundy-0.1.0.vsix", "editors/node_modules/x.js", "grundy.tmLanguage", "cmd/grundy/grundy.test", "cpu.prof", "cutting.cpp", "cutting"} {
		if !ignored(p) {
			t.Errorf("%s is not in .gitignore", p)
		}
	}
	for _, p := range []string{"cmd/grundy/main.go", "cmd/grundy", "editors/grundy.tmLanguage.json", "examples/nim.game", "web/static/app.js"} {
		if ignored(p) {
			t.Errorf("%s is ignored", p)
		}
	}
}
