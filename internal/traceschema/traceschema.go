// Package traceschema compiles the published JSON Schema of search traces
// (docs/trace.schema.json) for tests that check lines against it. Only tests
// import it, so the schema library stays out of the programs.
package traceschema

import (
	"bytes"
	"fmt"
	"os"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Schema checks trace lines against the published schema.
type Schema struct{ s *jsonschema.Schema }

// Load compiles the schema file at path.
func Load(path string) (*Schema, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("trace.schema.json", doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s, err := c.Compile("trace.schema.json")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &Schema{s: s}, nil
}

// Validate returns nil when line is one JSON value valid under the schema.
func (s *Schema) Validate(line []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
	if err != nil {
		return err
	}
	return s.s.Validate(inst)
}
