package grundy_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/grundy-lang/grundy"
)

// TestLoadSkipsBOM: Load, Check and Exec skip a byte order mark at the
// start of a script; positions after it are those of the text without
// it, and the snippets of errors do not quote it.
func TestLoadSkipsBOM(t *testing.T) {
	ctx := context.Background()
	var out bytes.Buffer
	in := grundy.New(grundy.Config{Stdout: &out})
	if err := in.Load(ctx, "a.game", "\uFEFFprint 1 + 1\n"); err != nil || out.String() != "2\n" {
		t.Errorf("Load: %v, output %q", err, out.String())
	}
	want := "b.game:1:7: unknown name \"nope\"\n    print nope\n          ^\n"
	for name, err := range map[string]error{
		"Load":  in.Load(ctx, "b.game", "\uFEFFprint nope\n"),
		"Check": in.Check("b.game", "\uFEFFprint nope\n"),
		"Exec":  in.Exec(ctx, "b.game", "\uFEFFprint nope\n"),
	} {
		if got := grundy.Explain(err); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}
