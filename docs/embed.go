// Package docs holds Slidelab's documentation: the user guide for teachers
// (guide/*.md, one page per view and per idea), embedded in the program so
// that the app can show it as its help, and the reference pages for the
// command line, file formats, performance, platforms and testing (*.md,
// read on the web or in the repository).
package docs

import (
	"embed"
	"io/fs"
)

// guide holds the user guide's pages as the repository has them.
//
//go:embed guide/*.md
var guide embed.FS

// Guide returns the user guide as a file system of Markdown pages,
// README.md (the index) first among them; the pages link to each other by
// file name. Images are referred to as ../NAME.png and are not embedded.
func Guide() fs.FS {
	sub, err := fs.Sub(guide, "guide")
	if err != nil { // cannot happen: "guide" is a valid path
		panic(err)
	}
	return sub
}
