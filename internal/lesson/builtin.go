package lesson

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"
)

//go:embed builtin/*.md
var builtinFS embed.FS

// Builtin describes a built-in lesson.
type Builtin struct {
	// Name is what commands take ("astar"); Title the lesson's first heading.
	Name, Title string
	// Parts is the number of parts.
	Parts int
}

// Builtins lists the built-in lessons in their teaching order (their file
// names start with a number that orders them).
func Builtins() []Builtin {
	entries, _ := builtinFS.ReadDir("builtin")
	var out []Builtin
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	for _, file := range names {
		name := builtinName(file)
		l, err := LoadBuiltin(name)
		b := Builtin{Name: name}
		if err == nil {
			b.Title, b.Parts = l.Title, len(l.Parts)
		}
		out = append(out, b)
	}
	return out
}

// builtinName turns "03-astar.md" into "astar".
func builtinName(file string) string {
	name := strings.TrimSuffix(file, ".md")
	if _, rest, ok := strings.Cut(name, "-"); ok {
		return rest
	}
	return name
}

// BuiltinSource returns the Markdown of the built-in lesson name.
func BuiltinSource(name string) ([]byte, bool) {
	entries, _ := builtinFS.ReadDir("builtin")
	for _, e := range entries {
		if builtinName(e.Name()) == name {
			data, err := builtinFS.ReadFile(path.Join("builtin", e.Name()))
			return data, err == nil
		}
	}
	return nil, false
}

// LoadBuiltin parses the built-in lesson name.
func LoadBuiltin(name string) (*Lesson, error) {
	data, ok := BuiltinSource(name)
	if !ok {
		var names []string
		entries, _ := builtinFS.ReadDir("builtin")
		for _, e := range entries {
			names = append(names, builtinName(e.Name()))
		}
		return nil, fmt.Errorf("%s", unknown("lesson", name, names))
	}
	return Parse(name, data)
}

// Open parses the built-in lesson called nameOrPath, or else the lesson
// file at that path. A name with a slash or a ".md" ending is always a path.
func Open(nameOrPath string) (*Lesson, error) {
	if !strings.ContainsAny(nameOrPath, `/\`) && !strings.HasSuffix(nameOrPath, ".md") {
		if _, ok := BuiltinSource(nameOrPath); ok {
			return LoadBuiltin(nameOrPath)
		}
	}
	return ReadFile(nameOrPath)
}
