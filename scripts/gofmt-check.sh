#!/bin/sh
# Fails, listing the files, when any Go file needs gofmt. Checks the files git
# tracks plus untracked ones that are not ignored (no git: every .go file),
# skipping vendor/ directories. GOFMT names the gofmt binary (default: gofmt).
set -eu
GOFMT="${GOFMT:-gofmt}"
cd "$(dirname "$0")/.."
list=$(mktemp)
trap 'rm -f "$list"' EXIT
if ! git ls-files --cached --others --exclude-standard -- '*.go' >"$list" 2>/dev/null; then
	find . -name '*.go' -type f | sed 's|^\./||' >"$list"
fi
# Drop vendored code and files deleted from the work tree but still in the index.
files=$(grep -Ev '(^|/)vendor/' "$list" | while IFS= read -r f; do [ -f "$f" ] && printf '%s\n' "$f"; done || true)
[ -z "$files" ] && exit 0
# shellcheck disable=SC2086 # one file name per word; the repository has no spaces in .go paths
bad=$("$GOFMT" -l $files)
if [ -n "$bad" ]; then
	echo "gofmt: these files need formatting (run: gofmt -w FILE):" >&2
	echo "$bad" >&2
	exit 1
fi
