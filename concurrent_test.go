package grundy_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/grundy-lang/grundy"
)

// syncBuffer is a bytes.Buffer safe for concurrent use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// lookups makes every lookup of in and checks its answer; the Go game h
// and the script's name ok are defined.
func lookups(in *grundy.Interpreter) error {
	if g, ok := in.Game("h"); !ok || g.Name() != "h" || g.Arity() != 1 {
		return fmt.Errorf("Game(h) = %v, %v", g, ok)
	}
	if p, err := in.Position("h", grundy.Int(2)); err != nil || p.String() != "h(2)" {
		return fmt.Errorf("Position(h, 2) = %v, %v", p, err)
	}
	if _, err := in.Position("h", grundy.Int(0)); err == nil {
		return errors.New("Position(h, 0) passed the check")
	}
	if names := in.Names(); !slices.Contains(names, "ok") {
		return fmt.Errorf("Names() = %v", names)
	}
	if in.Stats().Games == 0 {
		return errors.New("Stats() counts no game")
	}
	xs := in.Explanations()
	if !strings.Contains(in.Explain(), "game ok") || len(xs) == 0 || !strings.Contains(xs[0].String(), xs[0].Name) {
		return fmt.Errorf("Explain() = %q", in.Explain())
	}
	return nil
}

// calls makes every call of in that runs code; each must return ErrBusy.
func calls(in *grundy.Interpreter, g grundy.Value) error {
	var errs []error
	add := func(err error) { errs = append(errs, err) }
	add(in.Load(bg, "x.game", "print 1"))
	add(in.LoadFS(bg, fstest.MapFS{"x.game": {Data: []byte("print 1")}}, "x.game"))
	add(in.Exec(bg, "x", "1"))
	add(in.Check("x.game", "print 1"))
	_, err := in.Eval(bg, "1")
	add(err)
	_, err = in.EvalIn(bg, "x", "1")
	add(err)
	_, err = in.Table(bg, "x", "n for n in 0 .. 2")
	add(err)
	_, err = in.TableRows(bg, "x", "n for n in 0 .. 2", func(grundy.Value, grundy.Value) error { return nil })
	add(err)
	_, err = in.SG(bg, g)
	add(err)
	_, err = in.Outcome(bg, g)
	add(err)
	_, err = in.Moves(bg, g)
	add(err)
	_, err = in.Winning(bg, g)
	add(err)
	_, _, err = in.BestMove(bg, g)
	add(err)
	_, _, err = in.Remoteness(bg, g)
	add(err)
	add(in.Plot(bg, io.Discard, "n for n in 0 .. 2", grundy.PlotOptions{}))
	_, err = in.NewPlot(bg, "x", "n for n in 0 .. 2")
	add(err)
	_, err = in.Graph(bg, "x", "*2")
	add(err)
	add(in.Reset())
	_, err = in.DefineGame(grundy.GameDef{Name: "busy", Arity: 0, Options: func(grundy.Position) ([]grundy.Value, error) { return nil, nil }})
	add(err)
	add(in.DefineFunc(grundy.FuncDef{Name: "busy", Fn: func([]grundy.Value) (grundy.Value, error) { return grundy.None, nil }}))
	add(in.DefineValue("busy", grundy.Int(1)))
	for i, err := range errs {
		if !errors.Is(err, grundy.ErrBusy) {
			return fmt.Errorf("call %d while another runs: %v, want ErrBusy", i, err)
		}
	}
	return nil
}

// values uses every method of the values, tables and plots that vs, tb
// and p hold, as a program may while a call runs.
func values(vs []grundy.Value, tb *grundy.Table, p *grundy.Plot, g grundy.Game) string {
	var b strings.Builder
	var walk func(v grundy.Value, depth int)
	walk = func(v grundy.Value, depth int) {
		fmt.Fprint(&b, v.Kind(), v.TypeName(), v.String(), v.Repr(), v.Len(), v.IsGame(), v.Equal(v))
		n, _ := v.Int()
		ok, _ := v.Bool()
		str, _ := v.Str()
		nim, _ := v.Nimber()
		fmt.Fprint(&b, n, ok, str, nim)
		if s, ok := v.SG(); ok {
			fmt.Fprint(&b, s.String(), s.Outcome().String())
		}
		if pos, ok := v.Position(); ok {
			fmt.Fprint(&b, pos.Name(), pos.Args(), pos.String(), pos.Game().Name(), pos.Value().String())
			if len(pos.Args()) > 0 {
				fmt.Fprint(&b, pos.Arg(0))
			}
		}
		keys, vals := v.MapItems()
		for i, k := range keys {
			w, _ := v.Lookup(k)
			fmt.Fprint(&b, w.Equal(vals[i]))
		}
		if k := v.Kind(); (k == grundy.ListKind || k == grundy.TupleKind) && v.Len() > 0 {
			fmt.Fprint(&b, v.Index(0))
		}
		if depth < 3 {
			for _, e := range append(v.Elems(), v.Parts()...) {
				walk(e, depth+1)
			}
		}
	}
	for _, v := range vs {
		walk(v, 0)
	}
	fmt.Fprint(&b, tb.Text(), tb.Grid(), p.Summary(), g.Position(grundy.Int(3)), grundy.Sum(g.Position(grundy.Int(2)), grundy.Nimber(1)))
	if err := p.Write(io.Discard, grundy.PlotOptions{Format: "svg"}); err != nil {
		fmt.Fprint(&b, err)
	}
	fmt.Fprint(&b, len(grundy.BuiltinDocs()), len(grundy.GameDocs()))
	return b.String()
}

// TestConcurrentUse: while a Load runs in one goroutine, other goroutines
// use every exported method of the Interpreter and of its values, tables
// and plots: the calls that run code return ErrBusy, the lookups answer
// (also from the Go code the Load invokes), and nothing races (go test
// -race).
func TestConcurrentUse(t *testing.T) {
	var out syncBuffer
	in := grundy.New(grundy.Config{Stdout: &out})
	const readers = 3
	var round sync.WaitGroup // each reader's first round, done while the Load waits in Options
	round.Add(readers)
	started := make(chan struct{})
	var once sync.Once
	var mu sync.Mutex
	var inside []error // errors of the lookups and calls made from the Go code
	note := func(err error) {
		if err != nil {
			mu.Lock()
			inside = append(inside, err)
			mu.Unlock()
		}
	}
	hv := grundy.None
	g, err := in.DefineGame(grundy.GameDef{Name: "h", Arity: 1,
		Options: func(p grundy.Position) ([]grundy.Value, error) {
			n, _ := p.Arg(0).Int()
			if n == 40 {
				// From the Go code of the running call: lookups answer,
				// calls are busy.
				note(lookups(in))
				note(calls(in, hv))
				once.Do(func() { close(started) })
				round.Wait()
			}
			var opts []grundy.Value
			for s := int64(1); s <= 2 && s < n; s++ {
				opts = append(opts, p.Game().Position(grundy.Int(n-s)))
			}
			return opts, nil
		},
		Check: func(args []grundy.Value) error {
			if n, ok := args[0].Int(); !ok || n < 1 {
				return errors.New("n must be an int >= 1")
			}
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := in.DefineFunc(grundy.FuncDef{Name: "look", Fn: func([]grundy.Value) (grundy.Value, error) {
		note(lookups(in))
		return grundy.Int(1), nil
	}}); err != nil {
		t.Fatal(err)
	}
	mustLoad(t, in, "game ok(n) moves ok(n - 1) if n > 0\nlet S = sum of kayles(n) for n in 1 .. 30\n")
	hv = g.Position(grundy.Int(3))
	// The values are made twice: the program's first use of the shared
	// ones is while the Load uses them too (their lazy parts).
	mk := func() []grundy.Value {
		return []grundy.Value{
			mustEval(t, in, "sum of ok(n) for n in 1 .. 30"),
			mustEval(t, in, `[h(3), (1, "a"), {2: *3}, {ok(2), ok(1)}, *4 + ok(3), sum of ok(n) for n in 1 .. 3]`),
			mustEval(t, in, "sg(S)"),
			hv,
		}
	}
	shared, twins := mk(), mk()
	tb, err := in.Table(bg, "<t>", "sg(ok(n)) for n in 0 .. 5")
	if err != nil {
		t.Fatal(err)
	}
	p, err := in.NewPlot(bg, "<p>", "sg(kayles(n)) for n in 0 .. 20")
	if err != nil {
		t.Fatal(err)
	}
	// X, bound by a let, is first used by the Load and by readers that
	// take no lock, at the same time.
	mustLoad(t, in, "let X = sum of ok(n) for n in 1 .. 20")
	x, xTwin := mustEval(t, in, "X"), mustEval(t, in, "sum of ok(n) for n in 1 .. 20")
	for i, name := range []string{"S2", "V"} {
		if err := in.DefineValue(name, shared[i]); err != nil {
			t.Fatal(err)
		}
	}
	want, wantX := values(twins, tb, p, g), values([]grundy.Value{xTwin}, tb, p, g)

	var loadErr error
	loaded := make(chan struct{})
	go func() {
		defer close(loaded)
		defer once.Do(func() { close(started) }) // (a Load that failed early)
		loadErr = in.Load(bg, "run.game", `
game z(n) moves h(n) | ok(n)
print X, X == X, {X, X + *1}, sg(X)
print sg(S2), S2 == S2, str(S2), sg(V[4]), V, look(), V[5] == V[5]
print [sg(h(n) + z(n)) for n in 1 .. 60]
print S2, V[3] == {ok(1), ok(2)}, winning(h(9) + S2)
`)
	}()
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	report := func(err error) {
		select {
		case errs <- err: // (the first hundred are enough)
		default:
		}
	}
	for r := 0; r < readers; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-started
			first := true
			for {
				// The Load waits in Options until each reader is done
				// with its first round: the calls are then all busy.
				if err := lookups(in); err != nil {
					report(err)
				}
				if first {
					if err := calls(in, hv); err != nil {
						report(err)
					}
				}
				if got := values(shared, tb, p, g); got != want {
					report(fmt.Errorf("values changed while a call ran"))
				}
				if first {
					round.Done()
					first = false
				}
				select {
				case <-loaded:
					return
				default:
				}
			}
		}()
	}
	// A reader makes lookups from the start, while the Load declares its
	// names too.
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			if err := lookups(in); err != nil {
				report(err)
			}
			select {
			case <-loaded:
				return
			default:
			}
		}
	}()
	// Two readers that take no lock use X from the start, as the Load
	// does.
	for r := 0; r < 2; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				if got := values([]grundy.Value{x}, tb, p, g); got != wantX {
					report(fmt.Errorf("value X changed while a call ran"))
				}
				select {
				case <-loaded:
					return
				default:
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, err := range inside {
		t.Errorf("from Go code: %v", err)
	}
	// The Load itself went through.
	<-loaded
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	if !strings.Contains(out.String(), "true") {
		t.Errorf("output %q", out.String())
	}
}

// TestValueConcurrentUse: goroutines use the same values at once, values
// whose parts grundy builds when they are first needed (a long sum of
// positions of one game, its parts in order for a comparison).
func TestValueConcurrentUse(t *testing.T) {
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, "game ok(n) moves ok(n - 1) if n > 0\nlet X = sum of ok(n) for n in 1 .. 20\nlet Y = sum of ok(n) for n in 3 .. 22\n")
	x, y := mustEval(t, in, "X"), mustEval(t, in, "Y")
	want := mustEval(t, in, "sum of ok(n) for n in 1 .. 20").String()
	var wg sync.WaitGroup
	results := make([]string, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch i % 4 {
			case 0:
				results[i] = x.String()
			case 1:
				results[i] = strconv.Itoa(len(x.Parts())) + " " + x.String()
			case 2:
				results[i] = strconv.FormatBool(x.Equal(y)) + " " + x.Repr()
			case 3:
				results[i] = strconv.FormatBool(y.Equal(x)) + " " + x.String()
			}
		}()
	}
	wg.Wait()
	for i, got := range results {
		if !strings.HasSuffix(got, want) {
			t.Errorf("goroutine %d: %q", i, got)
		}
	}
}

// lookupWriter and lookupReader are a Config.Stdout and Config.Stdin that
// make lookups each time they are used.
type lookupWriter struct {
	in     **grundy.Interpreter
	b      bytes.Buffer
	writes int
	errs   []error
}

func (w *lookupWriter) Write(p []byte) (int, error) {
	w.writes++
	if _, ok := (*w.in).Game("nim"); !ok || len((*w.in).Names()) == 0 {
		w.errs = append(w.errs, errors.New("Stdout: lookups failed"))
	}
	return w.b.Write(p)
}

type lookupReader struct {
	in    **grundy.Interpreter
	r     io.Reader
	reads int
	errs  []error
}

func (r *lookupReader) Read(p []byte) (int, error) {
	r.reads++
	if _, err := (*r.in).Position("nim", grundy.Int(2)); err != nil {
		r.errs = append(r.errs, err)
	}
	return r.r.Read(p)
}

// TestLookupsFromGoCode: the Go code that a call invokes (Check, a
// TableRows callback, Config.Stdout and Config.Stdin, as well as Options
// and Go functions: TestConcurrentUse) may make lookups: they answer at
// once, and calls are busy.
func TestLookupsFromGoCode(t *testing.T) {
	var in *grundy.Interpreter
	w := &lookupWriter{in: &in}
	r := &lookupReader{in: &in, r: strings.NewReader("3 4 5")}
	in = grundy.New(grundy.Config{Stdout: w, Stdin: r})
	var errs []error
	seen := map[string]int{}
	lookup := func(where string) {
		seen[where]++
		if names := in.Names(); !slices.Contains(names, "k") {
			errs = append(errs, fmt.Errorf("%s: Names() = %v", where, names))
		}
		if _, err := in.Eval(bg, "1"); !errors.Is(err, grundy.ErrBusy) {
			errs = append(errs, fmt.Errorf("%s: Eval: %v, want ErrBusy", where, err))
		}
	}
	if _, err := in.DefineGame(grundy.GameDef{Name: "c", Arity: 1,
		Options: func(grundy.Position) ([]grundy.Value, error) { return nil, nil },
		Check: func([]grundy.Value) error {
			lookup("Check")
			return nil
		}}); err != nil {
		t.Fatal(err)
	}
	mustLoad(t, in, "let k = 1\nprint c(1), ints()\n")
	if _, err := in.TableRows(bg, "<t>", "sg(c(n)) for n in 0 .. 2", func(row, v grundy.Value) error {
		lookup("TableRows")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if w.b.String() != "c(1) [3, 4, 5]\n" {
		t.Errorf("output %q", w.b.String())
	}
	for _, err := range slices.Concat(errs, w.errs, r.errs) {
		t.Error(err)
	}
	if checks, rows := seen["Check"], seen["TableRows"]; checks == 0 || rows != 3 || w.writes == 0 || r.reads == 0 {
		t.Errorf("lookups made from Check %d times, TableRows' each %d, Stdout %d, Stdin %d", checks, rows, w.writes, r.reads)
	}
}
