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

// fn is a function value's callable.
type fn string

func (f fn) Name() string     { return string(f) }
func (f fn) KindName() string { return "built-in" }

// ElemTags reads the tags of the elements of a list or tuple key up to
// the first container, never past it (a container may hold a boxed
// part, which has no length).
func TestElemTags(t *testing.T) {
	s, i := value.Str("x"), value.Int(1)
	tag := func(v value.Value) uint32 {
		k, _ := value.AppendArgKey(nil, v, value.MaxKeyBytes)
		return 1 << k[0]
	}
	cases := []struct {
		v    value.Value
		want uint32
	}{
		{value.List([]value.Value{s, i}), tag(s) | tag(i)},
		{value.Tuple([]value.Value{i, s, value.Bool(true)}), tag(i) | tag(s) | tag(value.Bool(true))},
		{value.List([]value.Value{s, value.List([]value.Value{value.FuncValue(fn("f"))}), i}), tag(s) | 1<<value.TagList},
		{value.List([]value.Value{i, i}), 0}, // (ints: not the general key)
		{value.Str("abc"), 0},
	}
	for _, c := range cases {
		k, _ := value.AppendArgKey(nil, c.v, value.MaxKeyBytes)
		if got := ElemTags(k); got != c.want {
			t.Errorf("%s: tags %b, want %b", value.Repr(c.v), got, c.want)
		}
	}
}
