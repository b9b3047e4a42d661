package main

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestPrecompressed(t *testing.T) {
	files := map[string]string{
		"app.wasm": "plain wasm", "app.wasm.br": "brotli wasm", "app.wasm.gz": "gzip wasm",
		"only.js": "plain js", "only.js.gz": "gzip js",
		"tables/t.slpdb.gz": "a shipped table",
		"index.html":        "<p>hi</p>",
	}
	srv := serve(t, files)
	for _, tc := range []struct {
		path, accept, wantBody, wantEncoding, wantType string
	}{
		{"/app.wasm", "gzip, deflate, br, zstd", "brotli wasm", "br", "application/wasm"},
		{"/app.wasm", "gzip", "gzip wasm", "gzip", "application/wasm"},
		{"/app.wasm", "br;q=0, gzip;q=0.5", "gzip wasm", "gzip", "application/wasm"},
		{"/app.wasm", "*", "brotli wasm", "br", "application/wasm"},
		{"/app.wasm", "br;q=0, *", "gzip wasm", "gzip", "application/wasm"},
		{"/app.wasm", "identity", "plain wasm", "", "application/wasm"},
		{"/app.wasm", "", "plain wasm", "", "application/wasm"},
		{"/only.js", "br, gzip", "gzip js", "gzip", "javascript"},
		{"/only.js", "br", "plain js", "", "javascript"},
		{"/tables/t.slpdb.gz", "gzip, br", "a shipped table", "", "gzip"},
		{"/../app.wasm", "gzip", "gzip wasm", "gzip", "application/wasm"},
		{"/", "gzip, br", "<p>hi</p>", "", "text/html"},
	} {
		req, err := http.NewRequest(http.MethodGet, srv.URL+tc.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		// Set by hand: Go's transport then leaves the body as sent.
		req.Header.Set("Accept-Encoding", tc.accept)
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK || string(body) != tc.wantBody {
			t.Errorf("%s (Accept-Encoding %q): %d %q, want %q", tc.path, tc.accept, resp.StatusCode, body, tc.wantBody)
		}
		if got := resp.Header.Get("Content-Encoding"); got != tc.wantEncoding {
			t.Errorf("%s (Accept-Encoding %q): Content-Encoding %q, want %q", tc.path, tc.accept, got, tc.wantEncoding)
		}
		if got := resp.Header.Get("Content-Type"); !strings.Contains(got, tc.wantType) {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, got, tc.wantType)
		}
		if got := resp.Header.Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", tc.path, got)
		}
	}
}
