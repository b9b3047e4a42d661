package sizecheck

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// body returns a function of exactly n lines (n >= 2) named name.
func body(name string, n int) string {
	return "func " + name + "() {\n" + strings.Repeat("\t_ = 0\n", n-2) + "}\n"
}

func TestFile(t *testing.T) {
	long := MaxFuncLines + 1
	tests := []struct {
		name string
		src  string
		want []Offence
	}{
		{"at limit", "package p\n" + body("F", MaxFuncLines), nil},
		{"over limit", "package p\n" + body("F", long),
			[]Offence{{File: "x.go", Line: 2, Name: "F", Lines: long, Limit: MaxFuncLines}}},
		{"method", "package p\ntype T[K any] struct{}\n" + strings.Replace(body("M", long), "func ", "func (t *T[K]) ", 1),
			[]Offence{{File: "x.go", Line: 3, Name: "T.M", Lines: long, Limit: MaxFuncLines}}},
		{"hot loop doc", "package p\n// F searches.\n//\n// hot loop: splitting costs 5% nodes/s\n" + body("F", long), nil},
		{"hot loop without reason", "package p\n// hot loop:\n" + body("F", long),
			[]Offence{{File: "x.go", Line: 3, Name: "F", Lines: long, Limit: MaxFuncLines}}},
		{"hot loop in body does not count", "package p\n" + strings.Replace(body("F", long), "{\n", "{\n\t// hot loop: no\n", 1),
			[]Offence{{File: "x.go", Line: 2, Name: "F", Lines: long + 1, Limit: MaxFuncLines}}},
		{"declaration without body", "package p\nfunc F()\n", nil},
		{"long file", "package p\n" + strings.Repeat("var _ = 0\n", MaxFileLines),
			[]Offence{{File: "x.go", Line: 1, Lines: MaxFileLines + 1, Limit: MaxFileLines}}},
		{"long file exempt", "// hot loop: generated tables\npackage p\n" + strings.Repeat("var _ = 0\n", MaxFileLines), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := File("x.go", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestFileParseError(t *testing.T) {
	if _, err := File("bad.go", []byte("package p\nfunc (")); err == nil || !strings.Contains(err.Error(), "bad.go") {
		t.Errorf("err = %v, want a parse error naming bad.go", err)
	}
}

func TestTreeSkips(t *testing.T) {
	dir := t.TempDir()
	long := "package p\n" + body("F", MaxFuncLines+1)
	for _, name := range []string{"a_test.go", "testdata/a.go", ".hidden/a.go", "vendor/a.go", "sub/b.go", "a.txt"} {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(long), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Tree(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Offence{{File: "sub/b.go", Line: 2, Name: "F", Lines: MaxFuncLines + 1, Limit: MaxFuncLines}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Tree = %v, want %v", got, want)
	}
}

// TestModule holds the whole module to the limits: every non-test file and
// function, gui and core alike.
func TestModule(t *testing.T) {
	found, err := Tree(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range found {
		t.Error(o)
	}
	if len(found) > 0 {
		t.Logf("%d offences: split the function by responsibility, or mark a hot loop "+
			"with a doc comment line \"hot loop: REASON\"", len(found))
	}
}
