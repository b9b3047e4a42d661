package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// serve serves a folder holding files (name to contents; names may have
// one folder) with handler, until the test ends.
func serve(t *testing.T, files map[string]string) *httptest.Server {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h, err := handler(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func TestHandlerServesFolder(t *testing.T) {
	files := map[string]string{"app.wasm": "\x00asm\x01\x00\x00\x00", "index.html": "<!DOCTYPE html><p>hi</p>", "wasm_exec.js": "// js"}
	srv := serve(t, files)
	for _, tc := range []struct {
		path, wantType, wantBody string
		wantStatus               int
	}{
		{"/app.wasm", "application/wasm", files["app.wasm"], http.StatusOK},
		{"/index.html", "text/html", "", http.StatusMovedPermanently}, // FileServer redirects to the folder
		{"/", "text/html", files["index.html"], http.StatusOK},
		{"/wasm_exec.js", "javascript", files["wasm_exec.js"], http.StatusOK},
		{"/missing.wasm", "", "", http.StatusNotFound},
	} {
		t.Run(tc.path, func(t *testing.T) {
			client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			resp, err := client.Get(srv.URL + tc.path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tc.wantStatus {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.wantStatus)
			}
			if tc.wantStatus != http.StatusOK {
				return
			}
			if ct := resp.Header.Get("Content-Type"); !strings.Contains(ct, tc.wantType) {
				t.Errorf("Content-Type %q, want %q", ct, tc.wantType)
			}
			if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" {
				t.Errorf("Cache-Control %q, want no-cache", cc)
			}
			if string(body) != tc.wantBody {
				t.Errorf("body %q, want %q", body, tc.wantBody)
			}
		})
	}
}

func TestHandlerRefusesBadFolder(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ dir, want string }{
		{filepath.Join(dir, "missing"), "no such file"},
		{file, "not a folder"},
	} {
		if _, err := handler(tc.dir); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("handler(%q) = %v, want an error containing %q", tc.dir, err, tc.want)
		}
	}
}
