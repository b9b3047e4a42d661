package main

import (
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

// encodings are the precompressed forms webserve looks for beside a file,
// best first: FILE.br (Brotli) and FILE.gz (gzip), as make web writes them
// for the app's WebAssembly.
var encodings = []struct{ token, ext string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// precompressed serves, for a request of FILE whose client accepts an
// encoding, FILE's precompressed form (FILE.br or FILE.gz beside it) with
// that Content-Encoding and FILE's Content-Type, so a browser downloads the
// compressed bytes and decompresses them as they arrive (a WebAssembly file
// still compiles while it streams in). Anything else goes to next, the plain
// file server. A FILE.gz asked for by that name is sent as it is.
func precompressed(dir http.FileSystem, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Encoding")
		name := path.Clean("/" + r.URL.Path)
		ctype := mime.TypeByExtension(path.Ext(name))
		if ctype == "" || strings.HasSuffix(r.URL.Path, "/") || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			next.ServeHTTP(w, r)
			return
		}
		accept := r.Header.Get("Accept-Encoding")
		for _, enc := range encodings {
			if !accepts(accept, enc.token) {
				continue
			}
			f, err := dir.Open(name + enc.ext)
			if err != nil {
				continue
			}
			st, err := f.Stat()
			if err != nil || !st.Mode().IsRegular() {
				f.Close()
				continue
			}
			w.Header().Set("Content-Type", ctype)
			w.Header().Set("Content-Encoding", enc.token)
			http.ServeContent(w, r, name, st.ModTime(), f)
			f.Close()
			return
		}
		next.ServeHTTP(w, r)
	})
}

// accepts reports whether an Accept-Encoding header value accepts the
// content coding token (named, or through "*", and not with q=0).
func accepts(header, token string) bool {
	star := false
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != token && name != "*" {
			continue
		}
		ok := true
		for p := range strings.SplitSeq(params, ";") {
			k, v, _ := strings.Cut(p, "=")
			if strings.TrimSpace(k) == "q" {
				if q, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && q == 0 {
					ok = false
				}
			}
		}
		if name == token {
			return ok
		}
		star = ok
	}
	return star
}
