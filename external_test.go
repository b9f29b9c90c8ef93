package grundy_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// embedMain is a program outside the module that embeds grundy through
// the documented API only.
const embedMain = `package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/grundy-lang/grundy"
)

const rules = ` + "`" + `
game sub(n) moves sub(n - s) for s in S if s <= n
let heaps = ints()
print "values", [sg(sub(n)) for n in 0 .. 9]
print "sum", sg(sum of take(h) for h in heaps), double(21)
` + "`" + `

func main() {
	ctx := context.Background()
	var out strings.Builder
	interp := grundy.New(grundy.Config{
		Stdout: &out,
		Stdin:  strings.NewReader("4 5"),
		Limits: grundy.Limits{MaxStates: 100000},
	})
	check := func(err error) {
		if err != nil {
			fmt.Fprintln(os.Stderr, grundy.Explain(err))
			os.Exit(1)
		}
	}
	check(interp.DefineValue("S", grundy.Set(grundy.Int(1), grundy.Int(3), grundy.Int(4))))
	_, err := interp.DefineGame(grundy.GameDef{
		Name:  "take",
		Arity: 1,
		Options: func(p grundy.Position) ([]grundy.Value, error) {
			n, _ := p.Arg(0).Int()
			var opts []grundy.Value
			for s := int64(1); s <= 2 && s <= n; s++ {
				opts = append(opts, p.Game().Position(grundy.Int(n-s)))
			}
			return opts, nil
		},
	})
	check(err)
	check(interp.DefineFunc(grundy.FuncDef{
		Name:  "double",
		Arity: 1,
		Fn: func(args []grundy.Value) (grundy.Value, error) {
			n, _ := args[0].Int()
			return grundy.Int(2 * n), nil
		},
	}))
	check(interp.Load(ctx, "rules.game", rules))
	fmt.Print(out.String())

	g, err := interp.Eval(ctx, "sub(8) + take(5)")
	check(err)
	v, err := interp.SG(ctx, g)
	check(err)
	win, err := interp.Winning(ctx, g)
	check(err)
	fmt.Println("sg", g, "=", v, "winning", win)

	err = interp.Load(ctx, "broken.game", "print 1\nprint 2 / (1 - 1)\n")
	var e *grundy.Error
	if errors.As(err, &e) {
		fmt.Println("error", e.Kind, e.File, e.Line, e.Column, e.Msg)
	}
	_, err = grundy.New(grundy.Config{Limits: grundy.Limits{MaxStates: 500}}).Eval(ctx, "sg(nim(1000))")
	if errors.As(err, &e) {
		fmt.Println("limit", e.Kind)
	}
}
`

// embedWant is what embedMain prints: sub with {1, 3, 4} has the values
// 0 1 0 1 2 3 2 repeating; take 1 or 2 has n mod 3, so take(4) + take(5)
// is 1 xor 2 = 3 and sub(8) + take(5) is 1 xor 2 = 3, won only by moving
// to sub(4) + take(5) (2 xor 2) or sub(8) + take(4) (1 xor 1).
const embedWant = `values [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
sum 3 42
sg sub(8) + take(5) = 3 winning [sub(4) + take(5) sub(8) + take(4)]
error runtime error broken.game 2 9 division by zero
limit limit error
`

// TestExternalProgram builds embedMain as a module of its own that
// requires this one (replaced by this directory), and runs it.
func TestExternalProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program: skipped with -short")
	}
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goBin); err != nil {
		if goBin, err = exec.LookPath("go"); err != nil {
			t.Skip("no go command")
		}
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	goVersion := "1.26"
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(mod))
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == "go" {
			goVersion = f[1]
		}
	}
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module example.com/embed\n\ngo "+goVersion+"\n\n"+
		"require github.com/grundy-lang/grundy v0.0.0\n\n"+
		"replace github.com/grundy-lang/grundy => "+root+"\n"))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write("go.sum", sum)
	write("main.go", []byte(embedMain))

	bin := filepath.Join(dir, "embed")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	build := exec.Command(goBin, "build", "-o", bin, ".")
	build.Dir = dir
	// Offline: the dependencies come from the module cache, which
	// building this module filled.
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		if bytes.Contains(out, []byte("module lookup disabled")) {
			t.Skipf("the module cache lacks a dependency and the network is not used:\n%s", out)
		}
		t.Fatalf("go build: %v\n%s", err, out)
	}
	run := exec.Command(bin)
	var stderr bytes.Buffer
	run.Stderr = &stderr
	out, err := run.Output()
	if err != nil {
		t.Fatalf("running the program: %v\n%s", err, stderr.String())
	}
	if string(out) != embedWant {
		t.Errorf("the program printed\n%s\nwant\n%s", out, embedWant)
	}
}
