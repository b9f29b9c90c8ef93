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
	"strings"

	"github.com/chzyer/readline"
	"github.com/grundy-lang/grundy"
)

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
	fs.StringVar(&format, "format", "", "the format `F`: dot (the default), svg or png; without it, -o OUT ending in .svg or .png chooses that format")
	file, expr, code, ok := parsePicture("graph", "a FILE and an EXPR, as in grundy graph game.game 'g(10)'", fs, args, &cfg, &out, stdout, stderr)
	if !ok {
		return code
	}
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
	if code := checkOut("graph", fs, format, out, stdout, stderr); code != 0 {
		return code
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
	// The text is always built by Graph, from a game value: a value of
	// any other kind is an error, a string above all, since DOT text from
	// a script could name local files for dot to read.
	text, code := runInScope(ctx, cfg, file, exprName, texts, stdin, stderr, (*grundy.Interpreter).Graph)
	if code != 0 {
		return code
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
		return writeOut("graph", out, data, stderr)
	}
	if _, err := stdout.Write(data); err != nil {
		fmt.Fprintf(stderr, "grundy: writing output: %v\n", err)
		return 1
	}
	return 0
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
