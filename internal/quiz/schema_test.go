package quiz

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/exercise"
)

// jsonBlocks returns the ```json blocks of docs/formats-quiz.md.
func jsonBlocks(t *testing.T) []string {
	t.Helper()
	doc, err := os.ReadFile("../../docs/formats-quiz.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range regexp.MustCompile("(?s)```json\n(.*?)```").FindAllStringSubmatch(string(doc), -1) {
		out = append(out, m[1])
	}
	if len(out) != 2 {
		t.Fatalf("want the schema and the worked example in docs/formats-quiz.md, found %d json blocks", len(out))
	}
	return out
}

// validate checks v against the subset of JSON Schema the published schema
// uses: type, const, enum, required, properties, additionalProperties,
// items, minimum and maximum.
func validate(schema map[string]any, v any, path string) error {
	if c, ok := schema["const"]; ok && fmt.Sprint(c) != fmt.Sprint(v) {
		return fmt.Errorf("%s: %v, want %v", path, v, c)
	}
	if e, ok := schema["enum"].([]any); ok {
		found := false
		for _, x := range e {
			found = found || x == v
		}
		if !found {
			return fmt.Errorf("%s: %v not in %v", path, v, e)
		}
	}
	switch schema["type"] {
	case "object":
		return validateObject(schema, v, path)
	case "array":
		arr, ok := v.([]any)
		if !ok {
			return fmt.Errorf("%s: not an array", path)
		}
		if items, ok := schema["items"].(map[string]any); ok {
			for i, x := range arr {
				if err := validate(items, x, fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
		}
	case "string":
		if _, ok := v.(string); !ok {
			return fmt.Errorf("%s: not a string", path)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return fmt.Errorf("%s: not a boolean", path)
		}
	case "integer", "number":
		f, ok := v.(float64)
		if !ok || (schema["type"] == "integer" && f != math.Trunc(f)) {
			return fmt.Errorf("%s: %v is not a %s", path, v, schema["type"])
		}
		if lo, ok := schema["minimum"].(float64); ok && f < lo {
			return fmt.Errorf("%s: %v below %v", path, f, lo)
		}
		if hi, ok := schema["maximum"].(float64); ok && f > hi {
			return fmt.Errorf("%s: %v above %v", path, f, hi)
		}
	}
	return nil
}

// validateObject checks an object against the schema's required,
// properties and additionalProperties.
func validateObject(schema map[string]any, v any, path string) error {
	obj, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("%s: not an object", path)
	}
	for _, r := range asList(schema["required"]) {
		if _, ok := obj[r.(string)]; !ok {
			return fmt.Errorf("%s: %s missing", path, r)
		}
	}
	props, _ := schema["properties"].(map[string]any)
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		sub, ok := props[k].(map[string]any)
		if !ok {
			switch ap := schema["additionalProperties"].(type) {
			case bool:
				if !ap {
					return fmt.Errorf("%s: %s is not in the schema", path, k)
				}
				continue
			case map[string]any:
				sub = ap
			default:
				continue
			}
		}
		if err := validate(sub, obj[k], path+"."+k); err != nil {
			return err
		}
	}
	return nil
}

func asList(v any) []any { l, _ := v.([]any); return l }

func TestJSONMatchesPublishedSchema(t *testing.T) {
	blocks := jsonBlocks(t)
	var schema map[string]any
	if err := json.Unmarshal([]byte(blocks[0]), &schema); err != nil {
		t.Fatalf("the schema: %v", err)
	}
	check := func(name string, data []byte) {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := validate(schema, v, name); err != nil {
			t.Error(err)
		}
	}
	check("test bank", writeTestBank(t, "json"))
	check("worked example", []byte(blocks[1]))
	// The schema rejects what it should.
	for _, bad := range []string{
		`{"format":"other","version":1,"title":"","kinds":"","seed":0,"questions":[]}`,
		`{"format":"slidelab-quiz","version":1,"title":"","kinds":"","seed":-1,"questions":[]}`,
		`{"format":"slidelab-quiz","version":1,"title":"","kinds":"","seed":0,"questions":[],"extra":1}`,
		`{"format":"slidelab-quiz","version":1,"title":"","kinds":"","questions":[]}`,
	} {
		var v any
		_ = json.Unmarshal([]byte(bad), &v)
		if validate(schema, v, "bad") == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
}

// TestWorkedExampleIsCurrent: the worked example is what the generator writes.
func TestWorkedExampleIsCurrent(t *testing.T) {
	picks, _ := exercise.ParsePicks("ida-bound")
	qs, err := exercise.NewGenerator().Bank(context.Background(), picks, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, Bank{Title: "Slidelab practice", Kinds: "ida-bound", Seed: 3, Questions: qs}); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.TrimSpace(buf.String()), strings.TrimSpace(jsonBlocks(t)[1]); got != want {
		t.Errorf("docs/formats-quiz.md's worked example is out of date; the generator writes\n%s", got)
	}
}
