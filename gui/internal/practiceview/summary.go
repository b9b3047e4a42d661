package practiceview

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/internal/atomicfile"
)

// Record is one answered question of a practice set, as the summary file
// holds it (docs/formats-practice.md).
type Record struct {
	N           int     `json:"n"`
	Kind        string  `json:"kind"`
	Level       int     `json:"level"`
	Seed        uint64  `json:"seed"`
	Title       string  `json:"title"`
	Answer      string  `json:"answer"`
	RightAnswer string  `json:"right_answer"`
	Right       bool    `json:"right"`
	Seconds     float64 `json:"seconds"`
}

// Summary is a practice set's result: the set's seed and level, the score,
// the best streak and every answer.
type Summary struct {
	Format     string   `json:"format"`
	Version    int      `json:"version"`
	Seed       uint64   `json:"seed"`
	Level      int      `json:"level"`
	Kinds      []string `json:"kinds"`
	Questions  int      `json:"questions"`
	Score      int      `json:"score"`
	BestStreak int      `json:"best_streak"`
	Answers    []Record `json:"answers"`
}

// The summary file's format name and version.
const (
	summaryFormat  = "slidelab-practice"
	summaryVersion = 1
)

// csvColumns are the columns of the CSV summary, in order.
var csvColumns = []string{"n", "kind", "level", "seed", "title", "answer", "right_answer", "right", "seconds"}

// WriteJSON writes s as one JSON object, indented.
func (s Summary) WriteJSON(w io.Writer) error {
	s.Format, s.Version = summaryFormat, summaryVersion
	if s.Answers == nil {
		s.Answers = []Record{}
	}
	if s.Kinds == nil {
		s.Kinds = []string{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return fmt.Errorf("practice summary: %w", err)
	}
	return nil
}

// WriteCSV writes the answers of s as CSV: a header line of csvColumns, then
// one line per answer.
func (s Summary) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvColumns); err != nil {
		return fmt.Errorf("practice summary: %w", err)
	}
	for _, r := range s.Answers {
		row := []string{strconv.Itoa(r.N), r.Kind, strconv.Itoa(r.Level), strconv.FormatUint(r.Seed, 10), r.Title,
			r.Answer, r.RightAnswer, strconv.FormatBool(r.Right), strconv.FormatFloat(r.Seconds, 'f', 1, 64)}
		if err := cw.Write(row); err != nil {
			return fmt.Errorf("practice summary: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("practice summary: %w", err)
	}
	return nil
}

// summaryFormatOf returns the summary format a file name asks for: "csv" or
// "json" by its extension.
func summaryFormatOf(path string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".csv", ".json":
		return ext[1:], nil
	default:
		return "", fmt.Errorf("practice summary %s: the name must end in .csv or .json", path)
	}
}

// Save writes s to path, as CSV or JSON by the path's extension, through a
// temporary file renamed into place.
func (s Summary) Save(path string) error {
	format, err := summaryFormatOf(path)
	if err != nil {
		return err
	}
	write := s.WriteJSON
	if format == "csv" {
		write = s.WriteCSV
	}
	if err := atomicfile.Write(path, write); err != nil {
		return fmt.Errorf("save practice summary %s: %w", path, err)
	}
	return nil
}
