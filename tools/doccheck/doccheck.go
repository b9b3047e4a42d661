// Package doccheck finds the shell examples and the relative links in
// Slidelab's Markdown files, so that a test can run every example as shown
// and check every link (see doccheck_test.go and CONTRIBUTING.md).
//
// A fenced block whose info string is "sh" is an example that runs: each
// of its lines is a shell command, run in order by bash with errexit and
// pipefail, in the repository's layout, with slidelab on PATH. A block
// preceded by the comment "<!-- slow -->" (optionally with a reason,
// "<!-- slow: builds 2.2 GB -->") is shown but not run: make targets,
// builds of the large pattern databases, benchmarks that take minutes and
// servers that run until stopped. Blocks in any other language ("text",
// "json", "console") are output or syntax and are never run.
package doccheck

import (
	"bufio"
	"bytes"
	"regexp"
	"strings"
)

// Block is one fenced shell block of a Markdown file.
type Block struct {
	Line   int    // line of the opening fence, 1-based
	Slow   bool   // marked <!-- slow -->: shown, not run
	Reason string // the slow marker's reason, if any
	Script string // the block's lines, as written
}

// slowMarker matches the comment that marks the next block as slow.
var slowMarker = regexp.MustCompile(`^<!--\s*slow\s*(?::\s*(.*?))?\s*-->$`)

// Blocks returns the fenced blocks of md whose info string is "sh".
func Blocks(md []byte) []Block {
	var blocks []Block
	sc := bufio.NewScanner(bytes.NewReader(md))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var (
		line       int
		inFence    bool
		fence      string // the opening fence's backticks or tildes
		cur        *Block
		body       []string
		lastMarker = -2 // line of the last slow marker
		reason     string
		lastText   int // line of the last non-blank line outside fences
	)
	for sc.Scan() {
		line++
		text := sc.Text()
		trimmed := strings.TrimSpace(text)
		if inFence {
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				inFence = false
				if cur != nil {
					cur.Script = strings.Join(body, "\n") + "\n"
					blocks = append(blocks, *cur)
					cur = nil
				}
				continue
			}
			if cur != nil {
				body = append(body, text)
			}
			continue
		}
		if f, info, ok := openFence(trimmed); ok {
			inFence, fence = true, f
			if info == "sh" {
				cur = &Block{Line: line}
				if lastMarker == lastText && lastMarker > 0 {
					cur.Slow, cur.Reason = true, reason
				}
				body = nil
			}
			continue
		}
		if trimmed == "" {
			continue
		}
		lastText = line
		if m := slowMarker.FindStringSubmatch(trimmed); m != nil {
			lastMarker, reason = line, m[1]
		}
	}
	return blocks
}

// openFence reports whether s opens a fenced code block, returning the
// fence and the info string's first word.
func openFence(s string) (fence, info string, ok bool) {
	for _, c := range []string{"```", "~~~"} {
		if strings.HasPrefix(s, c) {
			n := len(s) - len(strings.TrimLeft(s, c[:1]))
			rest := strings.TrimSpace(s[n:])
			if f := strings.Fields(rest); len(f) > 0 {
				info = f[0]
			}
			return s[:n], info, true
		}
	}
	return "", "", false
}

// linkPattern matches Markdown links and images: [text](target) and
// ![alt](target), target without spaces.
var linkPattern = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)\)`)

// Links returns the relative link targets of md outside code blocks and
// code spans, without their #fragment; absolute URLs, mailto: links and
// links within the page (#...) are left out.
func Links(md []byte) []string {
	var links []string
	inFence := false
	fence := ""
	for _, text := range strings.Split(string(md), "\n") {
		trimmed := strings.TrimSpace(text)
		if inFence {
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				inFence = false
			}
			continue
		}
		if f, _, ok := openFence(trimmed); ok {
			inFence, fence = true, f
			continue
		}
		for _, m := range linkPattern.FindAllStringSubmatch(stripCodeSpans(text), -1) {
			t := m[1]
			if strings.Contains(t, "://") || strings.HasPrefix(t, "mailto:") || strings.HasPrefix(t, "#") {
				continue
			}
			if i := strings.IndexByte(t, '#'); i >= 0 {
				t = t[:i]
			}
			links = append(links, t)
		}
	}
	return links
}

// stripCodeSpans removes `code spans` from a line, so that link-like text
// inside them is not taken for a link.
func stripCodeSpans(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		if r == '`' {
			in = !in
			continue
		}
		if !in {
			b.WriteRune(r)
		}
	}
	return b.String()
}
