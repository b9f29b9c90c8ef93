package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/lang"
)

// tableName is the file name of the table text in error messages.
const tableName = "<table>"

// tableFormats are the output formats of grundy table.
var tableFormats = []string{"text", "csv", "json", "bfile"}

// tableCmd runs grundy table FILE 'EXPR for n in A .. B' [--format F]:
// FILE runs first (its print output goes to standard error), then the
// table is computed in FILE's scope and written to standard output.
func tableCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy table", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg config
	format := "text"
	fs.StringVar(&format, "format", "text", "the format `F`: text, csv, json or bfile")
	if code, ok := parseSub("table", fs, args, &cfg, stdout, stderr); !ok {
		return code
	}
	known := false
	for _, f := range tableFormats {
		known = known || f == format
	}
	if !known {
		fmt.Fprintf(stderr, "grundy table: unknown format %q: use text, csv, json or bfile\n", format)
		return 2
	}
	rest := fs.Args()
	if len(rest) != 2 {
		fmt.Fprintf(stderr, "grundy table: expected a FILE and a table, got %d argument%s\n%s\n", len(rest), plural(len(rest)), usageLine("table"))
		return 2
	}
	file, spec := rest[0], rest[1]
	src, code := loadScript(stderr, file, cfg.memBytes)
	if code != 0 {
		return code
	}
	texts := map[string]string{file: src, tableName: spec}
	st, err := lang.ParseTable(tableName, spec)
	if err != nil {
		return reportIn(stderr, texts, err)
	}
	if format == "bfile" && len(st.Fors()) != 1 {
		fmt.Fprintf(stderr, "grundy table: --format bfile needs a table with one for clause (it writes \"n a(n)\" lines); this one has %d\n", len(st.Fors()))
		return 2
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if format != "text" && len(st.Fors()) == 1 {
		// One for clause: the rows are written as they are computed.
		rw := newRowWriter(stdout, format, spec)
		_, code := runInScope(ctx, cfg, file, tableName, texts, stdin, stderr, func(in *grundy.Interpreter, ctx context.Context, name, text string) (*grundy.Table, error) {
			return in.TableRows(ctx, name, text, rw.row)
		})
		if code != 0 {
			rw.flush() // the rows computed before the error
			return code
		}
		if err := rw.end(); err != nil {
			fmt.Fprintf(stderr, "grundy: %v\n", err)
			return 1
		}
		return 0
	}
	// A text table, or a grid: computed whole, then written. The rows
	// count against the memory limit as they come; the computation stops
	// when standard output is a pipe whose reader is gone.
	t, code := runInScope(ctx, cfg, file, tableName, texts, stdin, stderr, func(in *grundy.Interpreter, ctx context.Context, name, text string) (*grundy.Table, error) {
		ctx, gone := watchOutput(ctx, stdout)
		t, err := in.Table(ctx, name, text)
		if werr := gone(); werr != nil && err != nil {
			return nil, fmt.Errorf("writing the table: %w", werr)
		}
		return t, err
	})
	if code != 0 {
		return code
	}
	w := bufio.NewWriter(stdout)
	switch format {
	case "text":
		err = t.WriteTextWithHeader(w)
	case "csv":
		err = gridCSV(w, t)
	case "json":
		err = gridJSON(w, t)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "grundy: writing the table: %v\n", err)
		return 1
	}
	return 0
}

// rowWriter writes the rows of a table with one for clause in the csv,
// json or bfile format as they are computed (Interpreter.TableRows), so
// that a table of millions of rows is never held: grundy.TableWriter,
// which holds the formats.
type rowWriter struct{ tw *grundy.TableWriter }

// newRowWriter returns the rowWriter of the table spec, which parsed and
// has one for clause, in format (which is known).
func newRowWriter(out io.Writer, format, spec string) *rowWriter {
	tw, err := grundy.NewTableWriter(out, format, tableName, spec)
	if err != nil {
		panic("grundy table: " + err.Error()) // (checked before)
	}
	return &rowWriter{tw}
}

// row writes one row (TableRows' each).
func (r *rowWriter) row(row, v grundy.Value) error { return r.tw.Row(row.Cell(), v.Cell()) }

// flush writes out the rows so far.
func (r *rowWriter) flush() { r.tw.Flush() }

// end writes what follows the rows and flushes the output.
func (r *rowWriter) end() error { return r.tw.End() }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// cellText is a value as the csv format writes it ("" for a blank cell).
func cellText(v grundy.Value) string {
	if v.Kind() == grundy.NoneKind {
		return ""
	}
	return v.String()
}

// gridCSV writes a grid as RFC 4180 CSV: a header row (the corner
// "x\y" and the column labels), then a row per row label. (A table
// with one for clause is written by rowWriter: "n,value" lines.)
func gridCSV(out io.Writer, t *grundy.Table) error {
	w := csv.NewWriter(out)
	header := []string{t.RowVar + `\` + t.ColVar}
	for _, c := range t.Cols {
		header = append(header, c.String())
	}
	w.Write(header)
	for i, r := range t.Rows {
		rec := []string{r.String()}
		for _, v := range t.Cells[i] {
			rec = append(rec, cellText(v))
		}
		if err := w.Write(rec); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}

// jsonValue encodes a value: an int as a number, a blank cell as null,
// anything else as the string print shows.
func jsonValue(v grundy.Value) string {
	if v.Kind() == grundy.NoneKind {
		return "null"
	}
	if n, ok := v.Int(); ok {
		return strconv.FormatInt(n, 10)
	}
	return jsonString(v.String())
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func jsonList(vs []grundy.Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = jsonValue(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// gridJSON writes a grid as an object {"row": "x", "column": "y",
// "rows": [...], "columns": [...], "cells": [[...], ...]} with null for a
// blank cell. (A table with one for clause is written by rowWriter: an
// array of objects [{"n": 0, "value": 0}, ...], one per line.)
func gridJSON(w io.Writer, t *grundy.Table) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "{\n  \"row\": %s,\n  \"column\": %s,\n", jsonString(t.RowVar), jsonString(t.ColVar))
	fmt.Fprintf(b, "  \"rows\": %s,\n  \"columns\": %s,\n  \"cells\": [", jsonList(t.Rows), jsonList(t.Cols))
	for i, row := range t.Cells {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    " + jsonList(row))
	}
	if len(t.Cells) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Flush()
}
