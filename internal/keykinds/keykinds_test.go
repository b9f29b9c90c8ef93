package keykinds

import (
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// TestKindOfKeys checks what is said of the keys of a few values: packed
// ones are not general, general ones say why.
func TestKindOfKeys(t *testing.T) {
	cases := []struct {
		v       value.Value
		general bool
		has     string
	}{
		{value.Int(5), false, "an int"},
		{value.List([]value.Value{value.Int(0), value.Int(1)}), false, "a bit an element"},
		{value.BitList(5, 3, false), false, "a bit an element"},
		{value.Tuple([]value.Value{value.Int(3), value.Int(4)}), false, "varints"},
		{value.List([]value.Value{value.Str("a"), value.Int(1)}), true, "not all ints"},
		{value.Str("é"), true, "a string"},
	}
	for _, c := range cases {
		k, _ := value.AppendArgKey(nil, c.v, value.MaxKeyBytes)
		s := Why(k[0], Facts{StrsOn: true, SetsOn: true})
		if strings.HasPrefix(s, "general key") != c.general || !strings.Contains(s, c.has) {
			t.Errorf("%v: %q", c.v, s)
		}
	}
	if s := Why(value.TagStr, Facts{}); !strings.Contains(s, "the strings pass is off") {
		t.Errorf("a string with the pass off: %q", s)
	}
}
