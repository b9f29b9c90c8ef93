package stdlib_test

import (
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/stdlib"
)

// TestContractBuiltins checks that every built-in LANGUAGE.md requires is
// registered, and that each registered one documents itself starting with
// its call form.
func TestContractBuiltins(t *testing.T) {
	want := []string{"sg", "outcome", "moves", "winning", "len", "min", "max", "abs",
		"sorted", "str", "keys", "get", "set", "all", "any", "divisors", "ints"}
	have := map[string]*engine.Builtin{}
	for _, b := range stdlib.Registry().Builtins() {
		have[b.BName] = b
	}
	for _, name := range want {
		if have[name] == nil {
			t.Errorf("built-in %s is not registered", name)
		}
	}
	for name, b := range have {
		if !strings.HasPrefix(b.Doc, name+"(") {
			t.Errorf("%s: doc should start with %q: %q", name, name+"(", b.Doc)
		}
		if b.MaxArgs >= 0 && b.MaxArgs < b.MinArgs {
			t.Errorf("%s: MaxArgs %d < MinArgs %d", name, b.MaxArgs, b.MinArgs)
		}
	}
	if len(stdlib.Docs()) != len(have) {
		t.Errorf("Docs lists %d built-ins, the registry %d", len(stdlib.Docs()), len(have))
	}
}
