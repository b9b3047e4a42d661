// Package sizecheck finds Go files and functions that have grown past the
// project's size limits: no non-test file over MaxFileLines lines and no
// function over MaxFuncLines lines.
//
// A function is exempt when a line of its doc comment reads
// "hot loop: REASON"; a file is exempt when a line of its first comment
// does. The reason must not be empty: the exemption is for search and
// table-building loops that would lose speed if split, and says why.
package sizecheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// The limits of CONTRIBUTING.md ("files stay under about 500 lines and
// functions under about 80").
const (
	MaxFileLines = 500
	MaxFuncLines = 80
)

// hotLoopPrefix starts the line that exempts a function or a file.
const hotLoopPrefix = "hot loop:"

// Offence is a file or a function over its limit.
type Offence struct {
	File  string // path relative to the checked root, with forward slashes
	Line  int    // first line of the function, or 1 for a whole file
	Name  string // "Recv.Method", "Func", or "" for a whole file
	Lines int    // its length in lines
	Limit int
}

// String formats an offence as "file:line: name is N lines (limit L)".
func (o Offence) String() string {
	what := "file"
	if o.Name != "" {
		what = "func " + o.Name
	}
	return fmt.Sprintf("%s:%d: %s is %d lines (limit %d)", o.File, o.Line, what, o.Lines, o.Limit)
}

// Tree checks every non-test .go file under root, skipping testdata,
// vendor, node_modules and hidden directories. The offences come sorted by
// file and line.
func Tree(root string) ([]Offence, error) {
	var all []Offence
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && skipDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("sizecheck: %w", err)
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return fmt.Errorf("sizecheck: %w", err)
		}
		found, err := File(filepath.ToSlash(rel), src)
		if err != nil {
			return err
		}
		all = append(all, found...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].File != all[j].File {
			return all[i].File < all[j].File
		}
		return all[i].Line < all[j].Line
	})
	return all, nil
}

func skipDir(name string) bool {
	switch name {
	case "testdata", "vendor", "node_modules":
		return true
	}
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

// File checks one Go source file; name is used in the offences and in
// parse errors.
func File(name string, src []byte) ([]Offence, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("sizecheck: %w", err)
	}
	var found []Offence
	if n := fset.File(f.Pos()).LineCount(); n > MaxFileLines && !fileExempt(f) {
		found = append(found, Offence{File: name, Line: 1, Lines: n, Limit: MaxFileLines})
	}
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil || hotLoop(fn.Doc) {
			continue
		}
		start := fset.Position(fn.Pos()).Line
		n := fset.Position(fn.End()).Line - start + 1
		if n > MaxFuncLines {
			found = append(found, Offence{File: name, Line: start, Name: funcName(fn), Lines: n, Limit: MaxFuncLines})
		}
	}
	return found, nil
}

// fileExempt reports whether the file's first comment has a hot loop line.
func fileExempt(f *ast.File) bool {
	return len(f.Comments) > 0 && hotLoop(f.Comments[0])
}

// hotLoop reports whether a comment group has a line "hot loop: REASON"
// with a non-empty reason.
func hotLoop(g *ast.CommentGroup) bool {
	if g == nil {
		return false
	}
	for _, line := range strings.Split(g.Text(), "\n") {
		line = strings.TrimSpace(line)
		if reason, ok := strings.CutPrefix(line, hotLoopPrefix); ok && strings.TrimSpace(reason) != "" {
			return true
		}
	}
	return false
}

// funcName is "Func" or "Recv.Method" (pointer and type parameters dropped).
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	t := fn.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fn.Name.Name
		}
		return fn.Name.Name
	}
}
