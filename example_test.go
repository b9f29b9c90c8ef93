package grundy_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing/fstest"

	"github.com/grundy-lang/grundy"
)

// Load a script that declares a game and prints its values, then ask for
// the SG value of a sum from Go.
func Example() {
	ctx := context.Background()
	interp := grundy.New(grundy.Config{Stdout: os.Stdout})
	err := interp.Load(ctx, "sub.game", `
# Subtraction game: take 1, 3 or 4 tokens.
game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n

print [sg(sub(n)) for n in 0 .. 9]
print outcome(sub(7)), outcome(sub(8))
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := interp.Eval(ctx, "sub(8) + sub(5)")
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := interp.SG(ctx, g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("sg(%v) = %v\n", g, v)
	// Output:
	// [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
	// P N
	// sg(sub(8) + sub(5)) = 2
}

// Ask for winning moves: the options that leave the opponent a losing
// position.
func ExampleInterpreter_BestMove() {
	ctx := context.Background()
	interp := grundy.New(grundy.Config{})
	err := interp.Load(ctx, "sub.game", `game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range []int64{8, 9} {
		p, err := interp.Position("sub", grundy.Int(n))
		if err != nil {
			fmt.Println(err)
			return
		}
		best, ok, err := interp.BestMove(ctx, p)
		switch {
		case err != nil:
			fmt.Println(err)
		case ok:
			fmt.Printf("%v: move to %v\n", p, best)
		default:
			fmt.Printf("%v: no winning move\n", p)
		}
	}

	// Nim with heaps 3, 5 and 7: every heap can be reduced to a position
	// of nim-sum 0.
	nim := grundy.Sum(grundy.Nimber(3), grundy.Nimber(5), grundy.Nimber(7))
	win, err := interp.Winning(ctx, nim)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(grundy.List(win...))
	// Output:
	// sub(8): move to sub(7)
	// sub(9): no winning move
	// [*2 + *5 + *7, *3 + *4 + *7, *3 + *5 + *6]
}

// Define a game whose moves a Go function lists, and use it in a script,
// also in a sum with a game the script declares.
func ExampleInterpreter_DefineGame() {
	ctx := context.Background()
	interp := grundy.New(grundy.Config{Stdout: os.Stdout})
	subtract := []int64{1, 2} // take 1 or 2 tokens
	_, err := interp.DefineGame(grundy.GameDef{
		Name:  "take",
		Arity: 1,
		Doc:   "take(n): a heap of n tokens; a move takes 1 or 2",
		Check: func(args []grundy.Value) error {
			if n, ok := args[0].Int(); !ok || n < 0 {
				return fmt.Errorf("a heap must be an int >= 0, not %v", args[0].Repr())
			}
			return nil
		},
		Options: func(p grundy.Position) ([]grundy.Value, error) {
			n, _ := p.Arg(0).Int()
			var opts []grundy.Value
			for _, s := range subtract {
				if s <= n {
					opts = append(opts, p.Game().Position(grundy.Int(n-s)))
				}
			}
			return opts, nil
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	err = interp.Load(ctx, "mixed.game", `
game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n

print [sg(take(n)) for n in 0 .. 6]
print sg(take(5) + sub(8)), winning(take(5) + sub(8))
`)
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// [0, 1, 2, 0, 1, 2, 0]
	// 3 [take(4) + sub(8), take(5) + sub(4)]
}

// Define a function in Go and call it from a script: here it lists the
// squares a subtract-a-square move may take.
func ExampleInterpreter_DefineFunc() {
	ctx := context.Background()
	interp := grundy.New(grundy.Config{Stdout: os.Stdout})
	err := interp.DefineFunc(grundy.FuncDef{
		Name:  "squares",
		Arity: 1,
		Doc:   "squares(n): the squares 1, 4, 9, ... up to n",
		Fn: func(args []grundy.Value) (grundy.Value, error) {
			n, ok := args[0].Int()
			if !ok {
				return grundy.None, fmt.Errorf("needs an int, not %v", args[0].Kind())
			}
			var sq []grundy.Value
			for k := int64(1); k*k <= n; k++ {
				sq = append(sq, grundy.Int(k*k))
			}
			return grundy.List(sq...), nil
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	err = interp.Load(ctx, "square.game", `
game square(n) moves square(n - s) for s in squares(n)
print [n for n in 0 .. 20 if outcome(square(n)) == "P"]
`)
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// [0, 2, 5, 7, 10, 12, 15, 17, 20]
}

// Capture what a script prints, and give it standard input for ints().
func ExampleConfig() {
	var out bytes.Buffer
	interp := grundy.New(grundy.Config{
		Stdout: &out,
		Stdin:  strings.NewReader("3 5 7\n"),
	})
	err := interp.Load(context.Background(), "nim.game", `
let heaps = ints()
print "heaps", heaps
print "nim-sum", sg(sum of *h for h in heaps)
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n", out.String())
	// Output:
	// "heaps [3, 5, 7]\nnim-sum 1\n"
}

// Errors carry the position in the script: the file, line and column.
func ExampleError() {
	interp := grundy.New(grundy.Config{})
	err := interp.Load(context.Background(), "split.game", `def half(n) = 10 / n
def quarter(n) = half(half(n))
print quarter(20)
`)
	var e *grundy.Error
	if errors.As(err, &e) {
		fmt.Println(e.Kind, "at line", e.Line, "column", e.Column)
		fmt.Println(e.Msg)
		fmt.Println(err)
	}
	fmt.Print(grundy.Explain(err))
	// Output:
	// runtime error at line 1 column 18
	// division by zero
	// split.game:1:18: division by zero
	// split.game:1:18: division by zero
	//     def half(n) = 10 / n
	//                      ^
	//     called from split.game:2:18
	//     called from split.game:3:7
}

// Load scripts from a file system: a directory (os.DirFS), an embed.FS,
// or here an in-memory one.
func ExampleInterpreter_LoadFS() {
	fsys := fstest.MapFS{
		"games/cut.game": {Data: []byte(`
# Cutting a w x h strip of paper; cuts of width 1 lose at once, so only
# cuts leaving both pieces at least 2 wide are moves.
game cut(w, h) moves
    cut(i, h) + cut(w - i, h) for i in 2 .. w - 2
  | cut(w, j) + cut(w, h - j) for j in 2 .. h - 2
`)},
	}
	ctx := context.Background()
	interp := grundy.New(grundy.Config{})
	if err := interp.LoadFS(ctx, fsys, "games/cut.game"); err != nil {
		fmt.Println(err)
		return
	}
	for _, size := range [][2]int64{{2, 2}, {3, 2}, {4, 2}} {
		p, _ := interp.Position("cut", grundy.Int(size[0]), grundy.Int(size[1]))
		o, err := interp.Outcome(ctx, p)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(p, o)
	}
	// Output:
	// cut(2, 2) P
	// cut(3, 2) P
	// cut(4, 2) N
}

// A position of a game with cycles can have an infinite SG value ∞K, and
// be a draw.
func ExampleSG() {
	ctx := context.Background()
	interp := grundy.New(grundy.Config{})
	err := interp.Load(ctx, "loop.game", `
# d(0) and d(1) move to each other; d(0) may also move to *1.
game d(n) moves d(1 - n) | *1 if n == 0
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, expr := range []string{"d(0)", "d(1)", "d(0) + *1"} {
		g, err := interp.Eval(ctx, expr)
		if err != nil {
			fmt.Println(err)
			return
		}
		v, err := interp.SG(ctx, g)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(expr, v, v.Infinite, v.K, v.Outcome())
	}
	// Output:
	// d(0) ∞{1} true [1] D
	// d(1) ∞{} true [] D
	// d(0) + *1 ∞{0} true [0] N
}

// Run entries one at a time, as the grundy REPL does: a bare expression
// shows its value, and a game may be declared again, which the code
// built on it follows.
func ExampleInterpreter_Exec() {
	ctx := context.Background()
	interp := grundy.New(grundy.Config{Stdout: os.Stdout})
	entries := []string{
		"game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n",
		"def wins(n) = outcome(sub(n)) == \"N\"",
		"sub(8)",
		"[n for n in 0 .. 9 if not wins(n)]",
		"game sub(n) moves sub(n - s) for s in {1, 2} if s <= n", // take 1 or 2 instead
		"[n for n in 0 .. 9 if not wins(n)]",
	}
	for i, e := range entries {
		if err := interp.Exec(ctx, "<stdin>", strings.Repeat("\n", i)+e); err != nil {
			fmt.Print(grundy.Explain(err))
		}
	}
	// Output:
	// sg = 1   outcome = N
	// [0, 2, 7, 9]
	// [0, 3, 6, 9]
}

// Compute a table of values, as a script's table statement does, and
// read its cells.
func ExampleInterpreter_Table() {
	ctx := context.Background()
	interp := grundy.New(grundy.Config{})
	err := interp.Load(ctx, "sub.game", `game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n`)
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := interp.Table(ctx, "<table>", "sg(sub(x) + sub(y)) for x in 0 .. 3 for y in 0 .. 4 if x <= y")
	if err != nil {
		fmt.Print(grundy.Explain(err))
		return
	}
	fmt.Print(t.Text())
	fmt.Println(t.Rows[1], t.Cols[4], t.Cells[1][4], t.Cells[3][0].Kind())
	// Output:
	// x\y  0  1  2  3  4
	//   0  0  1  0  1  2
	//   1     0  1  0  3
	//   2        0  1  2
	//   3           0  3
	// 1 4 3 none
}

// Check a script without running it, and see what its games compile to.
func ExampleInterpreter_Check() {
	interp := grundy.New(grundy.Config{})
	err := interp.Check("bad.game", "game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n\nprint sg(sub(nn))\n")
	fmt.Print(grundy.Explain(err))
	err = interp.Check("sub.game", "game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n\nprint sg(sub(8))\n")
	fmt.Println(err)
	for _, x := range interp.Explanations() {
		fmt.Println(x.Kind, x.Name, strings.Contains(strings.Join(x.Passes, " "), "fastloops"))
	}
	// Output:
	// bad.game:2:14: unknown name "nn"
	//     print sg(sub(nn))
	//                  ^
	// <nil>
	// game sub true
}
