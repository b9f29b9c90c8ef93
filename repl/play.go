package repl

// :play G -- the user and grundy alternate moves from G until one of them
// cannot move (that one loses), the user gives up, or the play is declared
// a draw (games with cycles).

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/chzyer/readline"
	"github.com/grundy-lang/grundy/lang"
)

const (
	// playDrawCap is how many moves from drawn positions end the play in a
	// draw.
	playDrawCap = 100
	// playRepeats is how often one position (with the same player to
	// move) may come up before the play is a draw.
	playRepeats = 3
	// playListMax bounds the options listed on the user's turn; the rest
	// can still be chosen by number or typed.
	playListMax = 40
)

const playUsage = "type a move's number or the position it leaves; hint shows the winning moves, list the options, q gives up"

// scannerInput reads the user's moves from the piped input, keeping the
// REPL's line count.
func (r *REPL) scannerInput(sc *bufio.Scanner) func(string) (string, error) {
	return func(string) (string, error) {
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return "", err
			}
			return "", io.EOF
		}
		r.line++
		return sc.Text(), nil
	}
}

// readlineInput reads the user's moves on the terminal with prompt.
func (r *REPL) readlineInput(rl *readline.Instance) func(string) (string, error) {
	return func(prompt string) (string, error) {
		rl.SetPrompt(prompt)
		line, err := rl.Readline()
		if err == nil {
			r.line++
		}
		return line, err
	}
}

// play is one game in progress.
type play struct {
	r        *REPL
	ctx      context.Context
	pos      value.Value
	opts     []value.Value // pos's options, normalized, in move order
	user     bool          // the user is to move
	seen     map[string]int
	drawRuns int             // moves made from drawn positions
	terminal map[string]bool // the parts known to have no moves
}

func (r *REPL) cmdPlay(ctx context.Context, arg string) bool {
	if r.readLine == nil {
		fmt.Fprintln(r.errOut, ":play needs an input to read moves from")
		return false
	}
	userFirst := true
	expr := arg
	if word, rest, ok := strings.Cut(arg, " "); ok && (word == "first" || word == "second") && !isExpr(arg) {
		userFirst = word == "first"
		expr = strings.TrimLeft(rest, " \t")
	}
	if expr == "" || (expr == "first" || expr == "second") && !slices.Contains(r.s.Names(), expr) {
		fmt.Fprintln(r.errOut, ":play needs a game, e.g. :play sub(10) (you move first) or :play second sub(10) (grundy moves first)")
		return false
	}
	v, err := r.s.Eval(ctx, "<stdin>", r.inLine(r.argAt+len(arg)-len(expr), expr))
	if err != nil {
		r.report(r.typed(), err)
		return false
	}
	if !v.IsGame() {
		fmt.Fprintf(r.errOut, ":play needs a game, found %s %s\n", v.TypeName(), value.Repr(v))
		return false
	}
	p := &play{r: r, ctx: ctx, pos: v, user: userFirst, seen: map[string]int{}, terminal: map[string]bool{}}
	p.run()
	return true
}

// isExpr reports whether src parses as one expression.
func isExpr(src string) bool {
	f, err := lang.ParseEntry("<stdin>", src)
	if err != nil || len(f.Stmts) != 1 {
		return false
	}
	_, ok := f.Stmts[0].(*lang.ExprStmt)
	return ok
}

// textWith is the session's text with line n (from 1) replaced by text,
// for error snippets of a line that is not an entry.
func (r *REPL) textWith(n int, text string) string {
	lines := slices.Clone(r.lines)
	for len(lines) < n {
		lines = append(lines, "")
	}
	lines[n-1] = text
	return strings.Join(lines, "\n")
}

// normalize drops the parts of a sum that have no moves (*0, terminal
// positions): the sum without them is the same game.
func (p *play) normalize(c *engine.Call, v value.Value) value.Value {
	if v.Kind() != value.KSum {
		return v
	}
	var parts []value.Value
	for _, x := range v.Parts() {
		if !p.isTerminal(c, x) {
			parts = append(parts, x)
		}
	}
	return value.SumOf(parts)
}

func (p *play) isTerminal(c *engine.Call, v value.Value) bool {
	switch v.Kind() {
	case value.KNim:
		return v.Int() == 0
	case value.KPos:
		k := value.Repr(v)
		t, ok := p.terminal[k]
		if !ok {
			t = len(c.Th.Moves(c, v)) == 0
			p.terminal[k] = t
		}
		return t
	}
	return false
}

// key identifies a game value; the parts of a sum in any order.
func key(v value.Value) string {
	var parts []string
	for _, p := range v.Parts() {
		parts = append(parts, value.Repr(p))
	}
	slices.Sort(parts)
	return strings.Join(parts, " + ")
}

func (p *play) say(format string, a ...any) { fmt.Fprintf(p.r.out, format+"\n", a...) }

// call runs f in the session; errors are reported and end the play.
func (p *play) call(f func(c *engine.Call)) bool {
	_, ok := p.r.call(p.ctx, func(c *engine.Call) value.Value { f(c); return value.None })
	return ok
}

func (p *play) run() {
	if p.user {
		p.say("You move first: " + playUsage + ".")
	} else {
		p.say("grundy moves first.")
	}
	for {
		var opts []value.Value
		outcome := ""
		if !p.call(func(c *engine.Call) {
			p.pos = p.normalize(c, p.pos)
			seen := map[string]bool{}
			for _, o := range c.Th.Moves(c, p.pos) {
				o = p.normalize(c, o)
				if k := key(o); !seen[k] {
					seen[k] = true
					opts = append(opts, o)
				}
			}
			if len(opts) > 0 {
				outcome = c.Th.Outcome(c, p.pos)
			}
		}) {
			p.say("The game is abandoned.")
			return
		}
		p.opts = opts
		pos := value.Format(p.pos)
		if len(opts) == 0 {
			switch {
			case len(p.seen) == 0:
				p.say("%s has no moves: there is nothing to play (the player to move loses).", pos)
			case p.user:
				p.say("You cannot move from %s. grundy wins.", pos)
			default:
				p.say("grundy cannot move from %s. You win.", pos)
			}
			return
		}
		turn := "grundy"
		if p.user {
			turn = "you"
		}
		k := turn + " " + key(p.pos)
		p.seen[k]++
		if p.seen[k] >= playRepeats {
			p.say("Draw: %s has come up %d times with %s to move.", pos, playRepeats, turn)
			return
		}
		if p.drawRuns >= playDrawCap {
			p.say("Draw: %d moves from drawn positions and neither player can force a win.", playDrawCap)
			return
		}
		var next value.Value
		if p.user {
			var ok bool
			if next, ok = p.userMove(); !ok {
				return
			}
			p.say("you move to %s", value.Format(next))
		} else {
			var ok bool
			if next, ok = p.grundyMove(outcome); !ok {
				p.say("The game is abandoned.")
				return
			}
			p.say("grundy moves to %s", value.Format(next))
		}
		if outcome == "D" {
			p.drawRuns++
		}
		p.pos, p.user = next, !p.user
	}
}

// list shows the options of the position, numbered from 1.
func (p *play) list() {
	p.say("%s, your move:", value.Format(p.pos))
	w := len(strconv.Itoa(len(p.opts)))
	for i, o := range p.opts {
		if i == playListMax {
			p.say("  ... and %d more (type a number up to %d, or the position)", len(p.opts)-i, len(p.opts))
			break
		}
		p.say("  %*d  %s", w, i+1, value.Format(o))
	}
}

// userMove reads the user's move; false when the user gives up or the
// input ends.
func (p *play) userMove() (value.Value, bool) {
	r := p.r
	p.list()
	for {
		line, err := r.readLine("your move> ")
		if err != nil {
			if errors.Is(err, readline.ErrInterrupt) {
				p.say("You give up (Ctrl-C). grundy wins.")
			} else {
				p.say("You give up (end of input). grundy wins.")
			}
			return value.None, false
		}
		s := strings.TrimSpace(line)
		switch s {
		case "":
			continue
		case "q", "quit", ":q", ":quit":
			p.say("You give up. grundy wins.")
			return value.None, false
		case "hint":
			if !p.hint() {
				p.say("The game is abandoned.")
				return value.None, false
			}
			continue
		case "list", "ls":
			p.list()
			continue
		case "help", "?", ":help":
			p.say(playUsage)
			continue
		}
		if n, err := strconv.Atoi(s); err == nil {
			if n >= 1 && n <= len(p.opts) {
				return p.opts[n-1], true
			}
			fmt.Fprintf(r.errOut, "there is no move %d: type %s\n", n, p.numbers())
			continue
		}
		lineNo := max(r.line, 1)
		v, err := r.s.Eval(p.ctx, "<stdin>", strings.Repeat("\n", lineNo-1)+line)
		if err != nil {
			r.report(r.textWith(lineNo, line), err)
			if p.ctx.Err() != nil {
				p.say("The game is abandoned.")
				return value.None, false
			}
			continue
		}
		if !v.IsGame() {
			fmt.Fprintf(r.errOut, "%s is not a game: type %s, or the position your move leaves\n", value.Repr(v), p.numbers())
			continue
		}
		var k string
		if !p.call(func(c *engine.Call) { k = key(p.normalize(c, v)) }) {
			p.say("The game is abandoned.")
			return value.None, false
		}
		if i := slices.IndexFunc(p.opts, func(o value.Value) bool { return key(o) == k }); i >= 0 {
			return p.opts[i], true
		}
		if k == key(p.pos) {
			fmt.Fprintf(r.errOut, "%s is the position now: type the position your move leaves\n", value.Format(v))
			continue
		}
		fmt.Fprintf(r.errOut, "%s is not an option of %s (list shows them)\n", value.Format(v), value.Format(p.pos))
	}
}

// numbers describes the valid move numbers.
func (p *play) numbers() string {
	if len(p.opts) == 1 {
		return "1"
	}
	return fmt.Sprintf("a number from 1 to %d", len(p.opts))
}

// numbered names options by their numbers: "2 (sub(7)), 3 (sub(6))".
func (p *play) numbered(c *engine.Call, vs []value.Value) string {
	var out []string
	for _, v := range vs {
		v = p.normalize(c, v)
		k := key(v)
		i := slices.IndexFunc(p.opts, func(o value.Value) bool { return key(o) == k })
		out = append(out, fmt.Sprintf("%d (%s)", i+1, value.Format(v)))
	}
	return strings.Join(out, ", ")
}

// hint tells the user the winning moves, or that there are none.
func (p *play) hint() bool {
	var text string
	ok := p.call(func(c *engine.Call) {
		th := c.Th
		switch th.Outcome(c, p.pos) {
		case "N":
			win := th.Winning(c, p.pos)
			text = "winning: " + p.numbered(c, win) + " (leaves grundy a losing position)"
			if len(win) > 1 {
				text = "winning: " + p.numbered(c, win) + " (each leaves grundy a losing position)"
			}
		case "P":
			text = "no move wins: every option leaves grundy a winning position"
		default:
			var keep []value.Value
			for _, o := range p.opts {
				if th.Outcome(c, o) == "D" {
					keep = append(keep, o)
				}
			}
			verb := " keep the draw"
			if len(keep) == 1 {
				verb = " keeps the draw"
			}
			text = "no move wins, and none loses by force: " + p.numbered(c, keep) + verb
		}
	})
	if ok {
		p.say("hint: " + text)
	}
	return ok
}

// grundyMove chooses grundy's move from a position of the given outcome:
// a winning move (the first of winning(G), which ends the game in games
// with cycles); from a P-position the option with the largest remoteness
// (the first in move order on ties); from a draw an option that is still
// a draw.
func (p *play) grundyMove(outcome string) (value.Value, bool) {
	var next value.Value
	found := false
	if !p.call(func(c *engine.Call) {
		th := c.Th
		switch outcome {
		case "N":
			if win := th.Winning(c, p.pos); len(win) > 0 {
				next, found = p.normalize(c, win[0]), true
			}
		case "D":
			for _, o := range p.opts {
				if th.Outcome(c, o) == "D" {
					next, found = o, true
					return
				}
			}
		}
	}) {
		return value.None, false
	}
	if found {
		return next, true
	}
	// The longest resistance. Remoteness can be too expensive (its graph
	// too large): then the options not yet tried count as shortest.
	best, bestR := 0, int64(-1)
	for i, o := range p.opts {
		var rem value.Value
		err := p.r.s.Do(p.ctx, func() { rem = p.r.s.Thread().Remoteness(&engine.Call{Th: p.r.s.Thread()}, o) })
		if err != nil {
			if p.ctx.Err() != nil {
				p.r.report(strings.Join(p.r.lines, "\n"), err)
				return value.None, false
			}
			break
		}
		if rem.Kind() == value.KInt && rem.Int() > bestR {
			best, bestR = i, rem.Int()
		}
	}
	return p.opts[best], true
}
