package helpview

import (
	"path"
	"strings"
)

// adapt rewrites a guide page's Markdown into what Fyne's RichText shows
// well: a table becomes a list (one item a row, its cells joined by
// dashes; RichText has no tables), an escaped asterisk becomes one that
// Markdown leaves alone, a picture becomes its caption (the
// pictures live beside the guide in the repository, not in the program),
// and a link to a page outside the guide names the file instead. inGuide
// tells whether a link's target is one of the guide's pages.
func adapt(src string, inGuide func(name string) bool) string {
	// RichText shows an escaped asterisk with its backslash (A\* as "A\*"),
	// and a bare one would start emphasis: the asterisk operator looks the
	// same and means nothing to Markdown.
	src = strings.ReplaceAll(src, `\*`, "\u2217")
	var b strings.Builder
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if isRow(line) && i+1 < len(lines) && tableRule.MatchString(lines[i+1]) {
			// A table: its header row names the columns, the rows follow.
			head := cells(line)
			i++
			for i+1 < len(lines) && isRow(lines[i+1]) {
				i++
				b.WriteString("- " + row(head, cells(lines[i])) + "\n")
			}
			continue
		}
		b.WriteString(line + "\n")
	}
	return linkRE.ReplaceAllStringFunc(strings.TrimSuffix(b.String(), "\n"), func(m string) string {
		p := linkRE.FindStringSubmatch(m)
		image, text, target := p[1] == "!", p[2], p[3]
		switch {
		case image:
			return "(picture: " + caption(text, target) + ")"
		case strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:"):
			return m
		case inGuide(path.Clean(strings.SplitN(target, "#", 2)[0])):
			return m
		case strings.HasPrefix(target, "#"):
			return text // an anchor on the same page: RichText cannot jump
		default:
			return text + " (" + repoPath(target) + " in the repository)"
		}
	})
}

// isRow reports whether line is a table row.
func isRow(line string) bool { return strings.HasPrefix(strings.TrimSpace(line), "|") }

// cells splits a table row into its cells.
func cells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	parts := strings.Split(line, "|")
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
	}
	return parts
}

// row writes a table row as one line: the first cell in bold, then each
// other cell, after its column's name when there are more than two.
func row(head, c []string) string {
	if len(c) == 0 {
		return ""
	}
	parts := []string{"**" + strings.Trim(c[0], "*") + "**"}
	for j := 1; j < len(c); j++ {
		if c[j] == "" {
			continue
		}
		if j < len(head) && head[j] != "" && len(head) > 2 {
			parts = append(parts, head[j]+": "+c[j])
		} else {
			parts = append(parts, c[j])
		}
	}
	return strings.Join(parts, " - ")
}

// caption is what a picture is called: its alt text, or its file name.
func caption(alt, target string) string {
	if alt != "" {
		return alt
	}
	return path.Base(target)
}

// repoPath names a link's target as a path in the repository: the guide is
// docs/guide, so ../cli.md is docs/cli.md.
func repoPath(target string) string {
	t := strings.SplitN(target, "#", 2)[0]
	return path.Clean(path.Join("docs/guide", t))
}
