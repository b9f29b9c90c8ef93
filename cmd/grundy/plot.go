package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy"
)

// plotName is the file name of the plot's text in error messages.
const plotName = "<expr>"

// plotCmd runs grundy plot FILE 'EXPR CLAUSES' [--format png|svg] [-o OUT].
func plotCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy plot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg config
	var format, out, size string
	fs.StringVar(&size, "size", "", "the picture's size in pixels, `WxH` (default 800x450 for a scatter, 720x600 for a heat map)")
	fs.StringVar(&format, "format", "", "the format `F`: png (the default) or svg; without it, -o OUT ending in .svg chooses svg")
	file, spec, code, ok := parsePicture("plot", "a FILE and a plot, as in grundy plot game.game 'sg(g(n)) for n in 0 .. 100'", fs, args, &cfg, &out, stdout, stderr)
	if !ok {
		return code
	}
	if !flagGiven(fs, "format") {
		format = "png"
		if strings.EqualFold(filepath.Ext(out), ".svg") {
			format = "svg"
		}
	}
	opts := grundy.PlotOptions{Format: format}
	if size != "" {
		w, h, ok := parsePlotSize(size)
		if !ok {
			fmt.Fprintf(stderr, "grundy plot: --size must be WIDTHxHEIGHT in pixels, such as 800x450, not %q\n", size)
			return 2
		}
		opts.Width, opts.Height = w, h
	}
	if err := opts.Check(); err != nil {
		fmt.Fprintf(stderr, "grundy plot: %v\n", err)
		return 2
	}
	if code := checkOut("plot", fs, format, out, stdout, stderr); code != 0 {
		return code
	}
	src, code := loadScript(stderr, file, cfg.memBytes)
	if code != 0 {
		return code
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	texts := map[string]string{file: src, plotName: spec}
	p, code := runInScope(ctx, cfg, file, plotName, texts, stdin, stderr, (*grundy.Interpreter).NewPlot)
	if code != 0 {
		return code
	}
	var buf bytes.Buffer
	if err := p.Write(&buf, opts); err != nil {
		fmt.Fprintf(stderr, "grundy plot: drawing the plot: %v\n", err)
		return 1
	}
	if out != "" {
		return writeOut("plot", out, buf.Bytes(), stderr)
	}
	if _, err := stdout.Write(buf.Bytes()); err != nil && !errors.Is(err, os.ErrClosed) {
		fmt.Fprintf(stderr, "grundy plot: writing standard output: %v\n", err)
		return 1
	}
	return 0
}

// parsePlotSize reads WIDTHxHEIGHT.
func parsePlotSize(s string) (w, h int, ok bool) {
	a, b, found := strings.Cut(strings.ToLower(s), "x")
	if !found {
		return 0, 0, false
	}
	w, err1 := strconv.Atoi(a)
	h, err2 := strconv.Atoi(b)
	return w, h, err1 == nil && err2 == nil && w > 0 && h > 0
}
