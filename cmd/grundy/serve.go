package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/grundy-lang/grundy/web"
)

// serveCmd runs grundy serve until Ctrl-C (or a termination signal),
// then removes the interpreter it built.
func serveCmd(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, args, stdout, stderr, nil)
}

// serve runs grundy serve until ctx ends; ready, if not nil, is called
// with the page's address once the server listens.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer, ready func(url string)) int {
	fs := flag.NewFlagSet("grundy serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var port int
	var host, dir string
	fs.IntVar(&port, "port", 8080, "the port `P` to listen on (0 picks a free one)")
	fs.StringVar(&host, "host", "127.0.0.1", "the address `H` to listen on (127.0.0.1: this machine only; 0.0.0.0 serves the whole network)")
	fs.StringVar(&dir, "wasm", "", "keep the compiled interpreter in `DIR`: built there when DIR has none, served as it is otherwise (default: built afresh into a temporary directory at each start)")
	if code, ok := parseSub("serve", fs, args, nil, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "grundy serve: unexpected argument %q (see grundy serve --help)\n", fs.Arg(0))
		return 2
	}
	if port < 0 || port > 65535 {
		fmt.Fprintf(stderr, "grundy serve: --port must be a port number from 0 to 65535, not %d\n", port)
		return 2
	}
	if flagGiven(fs, "wasm") && dir == "" {
		fmt.Fprintf(stderr, "grundy serve: --wasm needs a directory\n")
		return 2
	}

	// Listen first: a port in use is found before the build.
	ln, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
	if err != nil {
		fmt.Fprintf(stderr, "grundy serve: cannot listen on %s: %v (--port chooses another port)\n", net.JoinHostPort(host, strconv.Itoa(port)), unwrapOpError(err))
		return 1
	}
	defer ln.Close()

	switch {
	case dir == "":
		tmp, err := os.MkdirTemp("", "grundy-serve-")
		if err != nil {
			fmt.Fprintf(stderr, "grundy serve: %v\n", err)
			return 1
		}
		defer os.RemoveAll(tmp)
		dir = tmp
		fallthrough
	case web.CheckDir(dir) != nil:
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fmt.Fprintf(stderr, "grundy serve: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "grundy serve: compiling the interpreter for the browser (GOOS=js GOARCH=wasm)...\n")
		start := time.Now()
		if err := web.Build(ctx, dir); err != nil {
			if ctx.Err() != nil {
				return 1
			}
			fmt.Fprintf(stderr, "grundy serve: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "grundy serve: compiled in %.1fs\n", time.Since(start).Seconds())
	}
	h, err := web.Handler(dir)
	if err != nil {
		fmt.Fprintf(stderr, "grundy serve: %v\n", err)
		return 1
	}

	url := "http://" + browserHost(ln.Addr()) + "/"
	fmt.Fprintf(stdout, "grundy playground at %s (Ctrl-C stops it)\n", url)
	srv := newServer(hostGuard(h, ln.Addr(), host))
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	if ready != nil {
		ready(url)
	}
	select {
	case err := <-done:
		fmt.Fprintf(stderr, "grundy serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	srv.Shutdown(shut)
	return 0
}

// The server's time limits. Every script runs in the browser, so that a
// request is a file to send: the longest, grundy.wasm (some megabytes),
// takes well under a second on this machine, and the limits only end
// connections that a client leaves open or feeds slowly.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 2 * time.Minute
	idleTimeout       = time.Minute
)

// newServer is the playground's server of h, with its time limits: a
// client that sends its headers or its request too slowly, takes too
// long to read a response, or leaves a kept-alive connection idle is cut
// off.
func newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
	}
}

// hostGuard wraps h so that it answers only requests addressed to this
// machine (web.CheckHost) at the port of addr: localhost, 127.0.0.1 or
// [::1]; also the address --host names, and, for a server that listens
// on every address (--host 0.0.0.0), any IP address.
func hostGuard(h http.Handler, addr net.Addr, host string) http.Handler {
	_, port, _ := net.SplitHostPort(addr.String())
	var extra []string
	anyIP := false
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() || host == "" {
		anyIP = true
	} else {
		extra = append(extra, strings.ToLower(host))
	}
	return web.CheckHost(h, port, extra, anyIP)
}

// browserHost is the address to open in a browser: a server listening on
// every address is reached on this machine as localhost.
func browserHost(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

func unwrapOpError(err error) error {
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		var se *os.SyscallError
		if errors.As(oe.Err, &se) {
			return se.Err
		}
		return oe.Err
	}
	return err
}
