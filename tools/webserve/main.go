// Command webserve serves a folder over HTTP, for trying the browser build of
// Slidelab (make web) and for make web-test. Any static web server does the
// same job; this one needs nothing but Go, sends .wasm files as
// application/wasm, which browsers require to compile them while they load,
// and sends a file's precompressed form (FILE.br or FILE.gz beside it, as make
// web writes them) with its Content-Encoding to a browser that accepts it.
//
// Usage:
//
//	go run ./tools/webserve [-addr 127.0.0.1:8080] [-dir dist/web]
//
// With -addr HOST:0 it picks a free port. It prints the address it serves on
// ("serving DIR at http://HOST:PORT/") on one line of standard output once it
// accepts connections, and runs until it is killed.
package main

import (
	"errors"
	"flag"
	"fmt"
	"mime"
	"net"
	"net/http"
	"os"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on (port 0: any free port)")
	dir := flag.String("dir", "dist/web", "folder to serve")
	flag.Parse()
	if err := run(*addr, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "webserve:", err)
		os.Exit(1)
	}
}

// run serves dir on addr until the server fails.
func run(addr, dir string) error {
	h, err := handler(dir)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	if _, err := fmt.Printf("serving %s at http://%s/\n", dir, ln.Addr()); err != nil {
		ln.Close()
		return fmt.Errorf("print the address: %w", err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// handler returns the handler serving the files under dir, or why it cannot.
func handler(dir string) (http.Handler, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("folder to serve: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("folder to serve: %s is not a folder", dir)
	}
	// Go's own table knows .wasm; a system mime.types could say otherwise.
	if err := mime.AddExtensionType(".wasm", "application/wasm"); err != nil {
		return nil, fmt.Errorf("wasm MIME type: %w", err)
	}
	fs := http.Dir(dir)
	return noCache(precompressed(fs, http.FileServer(fs))), nil
}

// noCache asks browsers to check for a newer file on every load, so a
// rebuilt app is never mixed with an older cached one.
func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}
