package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/grundy-lang/grundy/internal/graph"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/chzyer/readline"

	"github.com/grundy-lang/grundy/eval"
	"github.com/grundy-lang/grundy/lang"
)

const graphUsage = `Usage: grundy graph FILE 'EXPR' [--format dot|svg|png] [-o OUT] [flags]

Runs FILE, evaluates EXPR in its scope and writes the state graph of the
game EXPR (at most 200 positions) as Graphviz DOT text, or renders it
with Graphviz's dot program. EXPR may also be graph(G, LIMIT): the graph
of the game G, at most LIMIT positions. The picture is always built from
a game: EXPR whose value is a string (DOT text) is an error.

  --format F   dot (the default), svg or png; without it, -o OUT ending in
               .svg or .png chooses that format
  -o OUT       write to the file OUT instead of standard output
  --stats, --max-states N, --max-steps N, --timeout D, --max-memory SIZE
               as for grundy run (see grundy --help)

What FILE prints goes to standard error, so standard output holds only the
picture. PNG is not written to a terminal: use -o or a redirection.
`

// dotInstallHint says how to install Graphviz.
const dotInstallHint = "install Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz)"

// isTerminal reports whether w is a terminal (a variable so that tests can
// pretend). A character device that is not a terminal, /dev/null, is not.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && readline.IsTerminal(int(f.Fd()))
}

// exprName is the file name of grundy graph's EXPR in error messages.
const exprName = "<expr>"

// graphCmd runs grundy graph FILE 'EXPR' [--format dot|svg|png] [-o OUT].
func graphCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy graph", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg config
	var format, out string
	fs.StringVar(&format, "format", "", "")
	fs.StringVar(&out, "o", "", "")
	if code, ok := parseSub("graph", graphUsage, fs, args, &cfg, stdout, stderr); !ok {
		return code
	}
	rest := fs.Args()
	if len(rest) != 2 {
		fmt.Fprintf(stderr, "grundy graph: needs a FILE and an EXPR, as in grundy graph game.game 'g(10)' (see grundy graph --help)\n")
		return 2
	}
	file, expr := rest[0], rest[1]
	if !flagGiven(fs, "format") {
		switch strings.ToLower(filepath.Ext(out)) {
		case ".svg":
			format = "svg"
		case ".png":
			format = "png"
		default:
			format = "dot"
		}
	}
	if format != "dot" && format != "svg" && format != "png" {
		fmt.Fprintf(stderr, "grundy graph: --format must be dot, svg or png, not %q\n", format)
		return 2
	}
	if flagGiven(fs, "o") && out == "" {
		fmt.Fprintf(stderr, "grundy graph: -o needs a file name\n")
		return 2
	}
	if format == "png" && out == "" && isTerminal(stdout) {
		fmt.Fprintf(stderr, "grundy graph: PNG is binary and standard output is a terminal: use -o FILE.png or redirect standard output\n")
		return 2
	}
	var dotPath string
	if format != "dot" {
		p, err := exec.LookPath("dot")
		if err != nil {
			fmt.Fprintf(stderr, "grundy graph: --format %s needs Graphviz's dot program, which is not installed: %s.\n", format, dotInstallHint)
			return 1
		}
		dotPath = p
	}
	src, code := loadScript(stderr, file, cfg.memBytes)
	if code != 0 {
		return code
	}
	texts := map[string]string{file: src, exprName: expr}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// FILE's print output goes to standard error: standard output is the
	// picture.
	s := eval.NewSession(withProgress(eval.Options{Stdout: stderr, Stdin: stdin, Limits: limits(cfg), Checkpoint: cfg.checkpoint}, stderr))
	start := time.Now()
	if err := s.ExecFile(ctx, file, src); err != nil {
		return reportIn(stderr, texts, err)
	}
	text, err := graphText(ctx, s, expr)
	if cfg.stats {
		printStats(stderr, s, time.Since(start))
	}
	if err != nil {
		return reportIn(stderr, texts, err)
	}

	data := []byte(text + "\n")
	if format != "dot" {
		var outBuf, errBuf bytes.Buffer
		cmd := exec.CommandContext(ctx, dotPath, "-T"+format)
		cmd.Env = dotEnv(os.Environ())
		cmd.Stdin = strings.NewReader(text)
		cmd.Stdout, cmd.Stderr = &outBuf, &errBuf
		if err := cmd.Run(); err != nil {
			msg := strings.TrimSpace(errBuf.String())
			if msg == "" {
				msg = err.Error()
			}
			if i := strings.IndexByte(msg, '\n'); i >= 0 {
				msg = msg[:i]
			}
			fmt.Fprintf(stderr, "grundy graph: dot could not render the graph: %s\n", msg)
			return 1
		}
		io.Copy(stderr, &errBuf) // dot's warnings, if any
		data = outBuf.Bytes()
	}
	if out != "" {
		if err := os.WriteFile(out, data, 0o644); err != nil {
			fmt.Fprintf(stderr, "grundy graph: cannot write %s: %v\n", out, unwrapPathError(err))
			return 1
		}
		return 0
	}
	if _, err := stdout.Write(data); err != nil {
		fmt.Fprintf(stderr, "grundy: writing output: %v\n", err)
		return 1
	}
	return 0
}

// graphText evaluates EXPR in the session s and returns the DOT text of
// its state graph. EXPR is a game, or graph(G) or graph(G, LIMIT) (when
// FILE does not bind the name graph itself): the game G, at most LIMIT
// positions. The text is always built here, by eval's Graph, from a game
// value: a value of any other kind is an error, a string above all, since
// DOT text from a script could name local files for dot to read.
func graphText(ctx context.Context, s *eval.Session, expr string) (string, error) {
	x, err := lang.ParseExpr(exprName, expr)
	if err != nil {
		return "", err
	}
	gx, limit := x, graph.DefaultGraphLimit
	if call, ok := x.(*lang.Call); ok && len(call.Args) >= 1 && len(call.Args) <= 2 &&
		isName(call.Fn, "graph") && !slices.Contains(s.Names(), "graph") {
		gx = call.Args[0]
		if len(call.Args) == 2 {
			limit, err = graphLimit(ctx, s, call.Args[1])
			if err != nil {
				return "", err
			}
		}
	}
	g, err := s.EvalExpr(ctx, gx)
	if err != nil {
		return "", err
	}
	pos := lang.Start(gx)
	if !g.IsGame() {
		if g.Kind() == value.KStr {
			return "", value.Errorf(pos, "EXPR must be a game, found string %s: grundy graph draws the state graph of a game itself and never uses text from the script (write the game, as in g(7), or graph(g(7), 50) to draw up to 50 positions)", value.Repr(g))
		}
		return "", value.Errorf(pos, "EXPR must be a game (a position such as g(7), a nimber or a sum), found %s %s", g.TypeName(), value.Repr(g))
	}
	return s.Graph(ctx, pos, g, limit)
}

// graphLimit evaluates the LIMIT of graph(G, LIMIT).
func graphLimit(ctx context.Context, s *eval.Session, x lang.Expr) (int, error) {
	v, err := s.EvalExpr(ctx, x)
	if err != nil {
		return 0, err
	}
	switch {
	case v.Kind() != value.KInt:
		return 0, value.Errorf(lang.Start(x), "graph's node limit must be an int, found %s %s", v.TypeName(), value.Repr(v))
	case v.Int() < 1 || v.Int() > graph.MaxGraphLimit:
		return 0, value.Errorf(lang.Start(x), "graph's node limit must be between 1 and %d, found %d", graph.MaxGraphLimit, v.Int())
	}
	return int(v.Int()), nil
}

func isName(x lang.Expr, name string) bool {
	id, ok := x.(*lang.Ident)
	return ok && id.Name == name
}

// dotEnv is the environment dot runs in: with SERVER_NAME set and
// GV_FILE_PATH unset, Graphviz loads no file that a graph names (an image,
// a shape file), a second guard behind the DOT text, which names none.
func dotEnv(env []string) []string {
	out := []string{"SERVER_NAME=grundy"}
	for _, kv := range env {
		if !strings.HasPrefix(kv, "SERVER_NAME=") && !strings.HasPrefix(kv, "GV_FILE_PATH=") {
			out = append(out, kv)
		}
	}
	return out
}
