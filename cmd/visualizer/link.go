package main

import (
	"net/url"
	"strings"
)

// pageSettings are the page query's parameters that are settings of the
// app (setting_js.go), not parts of a link.
var pageSettings = map[string]bool{"demo": true, "ready": true, "cache": true}

// linkQuery returns the part of a page's query ("?board=...&view=pdb")
// that is a link for gui.OpenLink: "" when the query holds nothing but
// settings and a view (index.html?view=pdb opens a view, not the default
// board), or when it asks for a demo.
func linkQuery(search string) string {
	search = strings.TrimPrefix(search, "?")
	var keep []string
	link := false
	for _, kv := range strings.Split(search, "&") {
		if kv == "" {
			continue
		}
		k, _, _ := strings.Cut(kv, "=")
		k, err := url.QueryUnescape(k)
		k = strings.ToLower(k)
		switch {
		case err == nil && k == "demo":
			return ""
		case err == nil && pageSettings[k]:
			continue
		case err != nil || k != "view":
			link = true
		}
		keep = append(keep, kv)
	}
	if !link {
		return ""
	}
	return strings.Join(keep, "&")
}
