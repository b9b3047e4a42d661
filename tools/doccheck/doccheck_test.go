package doccheck

import (
	"reflect"
	"testing"
)

func TestBlocks(t *testing.T) {
	md := "# Title\n\n```sh\nslidelab version\n```\n\n<!-- slow: minutes -->\n```sh\nmake test\n```\n\n" +
		"<!-- slow -->\n\ntext between\n\n```sh\nslidelab help\n```\n\n```text\n$ not run\n```\n\n" +
		"````sh\n```\nslidelab random\n````\n~~~json\n{}\n~~~\n"
	got := Blocks([]byte(md))
	want := []Block{
		{Line: 3, Script: "slidelab version\n"},
		{Line: 8, Slow: true, Reason: "minutes", Script: "make test\n"},
		{Line: 16, Script: "slidelab help\n"},
		{Line: 24, Script: "```\nslidelab random\n"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Blocks:\n got %+v\nwant %+v", got, want)
	}
}

func TestLinks(t *testing.T) {
	md := "See [the guide](docs/guide/README.md#views), ![shot](docs/a.png) and [web](https://fyne.io).\n" +
		"[here](#anchor) `[code](not/a/link.md)` [mail](mailto:x@y)\n```md\n[in fence](no.md)\n```\n[last](../CHANGELOG.md)\n"
	got := Links([]byte(md))
	want := []string{"docs/guide/README.md", "docs/a.png", "../CHANGELOG.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Links = %q, want %q", got, want)
	}
}
