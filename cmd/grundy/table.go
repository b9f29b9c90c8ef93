package main

import (
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
	"time"

	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/eval"
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
	fs.StringVar(&format, "format", "text", "")
	addLimitFlags(fs, &cfg)
	const use = "usage: grundy table FILE 'EXPR for n in A .. B' [--format text|csv|json|bfile]"
	if err := parseFlags(fs, args); err != nil {
		fmt.Fprintf(stderr, "grundy table: %v\n%s\n", err, use)
		return 2
	}
	if msg := checkLimitFlags(&cfg); msg != "" {
		fmt.Fprintf(stderr, "grundy table: %s\n", msg)
		return 2
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
		fmt.Fprintf(stderr, "grundy table: expected a FILE and a table, got %d argument%s\n%s\n", len(rest), plural(len(rest)), use)
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
	s := eval.NewSession(withProgress(eval.Options{Stdout: stderr, Stdin: stdin, Limits: limits(cfg), Checkpoint: cfg.checkpoint}, stderr))
	start := time.Now()
	if err := s.ExecFile(ctx, file, src); err != nil {
		return reportIn(stderr, texts, err)
	}
	t, err := s.Table(ctx, st)
	if cfg.stats {
		printStats(stderr, s, time.Since(start))
	}
	if err != nil {
		return reportIn(stderr, texts, err)
	}
	var out string
	switch format {
	case "text":
		out = t.Text()
	case "csv":
		out = tableCSV(t)
	case "json":
		out = tableJSON(t)
	case "bfile":
		out, err = tableBFile(t, st)
		if err != nil {
			return reportIn(stderr, texts, err)
		}
	}
	if _, err := io.WriteString(stdout, out); err != nil {
		fmt.Fprintf(stderr, "grundy: writing the table: %v\n", err)
		return 1
	}
	return 0
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// cellText is a value as the csv format writes it ("" for a blank cell).
func cellText(v value.Value) string {
	if eval.Blank(v) {
		return ""
	}
	return value.Format(v)
}

// valueKey is the name of the value column of a one-for table: "value",
// with underscores added if the row variable has that name.
func valueKey(t *eval.Table) string {
	k := "value"
	for k == t.RowVar {
		k += "_"
	}
	return k
}

// tableCSV writes the table as RFC 4180 CSV with a header row: "n,value"
// for one for clause; for a grid the corner "x\y" and the column labels.
func tableCSV(t *eval.Table) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	header := []string{t.RowVar, valueKey(t)}
	if t.Grid() {
		header = []string{t.RowVar + `\` + t.ColVar}
		for _, c := range t.Cols {
			header = append(header, value.Format(c))
		}
	}
	w.Write(header)
	for i, r := range t.Rows {
		rec := []string{value.Format(r)}
		for _, v := range t.Cells[i] {
			rec = append(rec, cellText(v))
		}
		w.Write(rec)
	}
	w.Flush()
	return b.String()
}

// jsonValue encodes a value: an int as a number, a blank cell as null,
// anything else as the string print shows.
func jsonValue(v value.Value) string {
	switch {
	case eval.Blank(v):
		return "null"
	case v.Kind() == value.KInt:
		return strconv.FormatInt(v.Int(), 10)
	}
	return jsonString(value.Format(v))
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func jsonList(vs []value.Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = jsonValue(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// tableJSON writes one for clause as an array of objects
// [{"n": 0, "value": 0}, ...], one per line; a grid as an object
// {"row": "x", "column": "y", "rows": [...], "columns": [...],
// "cells": [[...], ...]} with null for a blank cell.
func tableJSON(t *eval.Table) string {
	var b strings.Builder
	if !t.Grid() {
		if len(t.Rows) == 0 {
			return "[]\n"
		}
		rk, vk := jsonString(t.RowVar), jsonString(valueKey(t))
		b.WriteString("[\n")
		for i, r := range t.Rows {
			fmt.Fprintf(&b, "  {%s: %s, %s: %s}", rk, jsonValue(r), vk, jsonValue(t.Cells[i][0]))
			if i < len(t.Rows)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("]\n")
		return b.String()
	}
	fmt.Fprintf(&b, "{\n  \"row\": %s,\n  \"column\": %s,\n", jsonString(t.RowVar), jsonString(t.ColVar))
	fmt.Fprintf(&b, "  \"rows\": %s,\n  \"columns\": %s,\n  \"cells\": [", jsonList(t.Rows), jsonList(t.Cols))
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
	return b.String()
}

// tableBFile writes the OEIS b-file format: a line "n a(n)" per row; the
// labels and the values must be ints.
func tableBFile(t *eval.Table, st *lang.TableStmt) (string, error) {
	var b strings.Builder
	for i, r := range t.Rows {
		v := t.Cells[i][0]
		if r.Kind() != value.KInt {
			return "", value.Errorf(lang.Start(st.Fors()[0].Iter), "--format bfile needs int values of %s, found %s %s", t.RowVar, r.TypeName(), value.Repr(r))
		}
		if v.Kind() != value.KInt {
			return "", value.Errorf(t.Expr, "--format bfile needs an int value in each row, but %s = %s gives %s %s", t.RowVar, value.Format(r), v.TypeName(), value.Repr(v))
		}
		fmt.Fprintf(&b, "%d %d\n", r.Int(), v.Int())
	}
	return b.String(), nil
}
