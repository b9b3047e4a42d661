#!/bin/sh
# Cross-compiles the tests of packages that build without cgo for Windows
# and runs them under Wine (-test.short), each in its package's directory.
#   scripts/windows-unit.sh [package dir ...]   (default: below)
# Go 1.26's os.RemoveAll fails under Wine 8.0 ("unlinkat ...: Invalid
# function": Wine lacks FileDispositionInformationEx, which Windows 10 1607
# and later have), so every test that uses t.TempDir fails in its cleanup.
# Such a package is reported as "ok but for Wine's RemoveAll"; any other
# failure message fails the run. Exits 1 if a package failed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
GO=${GO:-go}
pkgs=${*:-internal/digits internal/atomicfile core/board core/compare core/pdb core/search charts charts/adapt cmd/slidelab}

fail() {
	echo "windows-unit: $*" >&2
	[ -s "$tmp/boot.log" ] && tail -n 20 "$tmp/boot.log" >&2
	exit 1
}
tmp=$(mktemp -d)
# Wine puts its server socket directory under $TMPDIR: keep it in here.
TMPDIR=$tmp
export TMPDIR
wineserver=""
# wineserver writes the prefix's registry when it exits: wait for it first.
trap '[ -n "$wineserver" ] && "$wineserver" -w 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
. "$here/wine/prefix.sh"
wine_find
wine_prefix "$tmp/prefix" "$tmp/boot.log"

bad=""
for p in $pkgs; do
	exe="$tmp/$(echo "$p" | tr / _).test.exe"
	(cd "$root" && GOOS=windows GOARCH=amd64 CGO_ENABLED=0 "$GO" test -c -o "$exe" "./$p") || {
		bad="$bad $p"
		continue
	}
	start=$(date +%s)
	status=0
	(cd "$root/$p" && "$wine" "$exe" -test.short -test.timeout 20m) >"$tmp/out" 2>&1 || status=$?
	secs=$(($(date +%s) - start))
	# Messages of failed tests are indented "file.go:N: ..." lines; panics
	# and build problems show up as "panic:" or a non-zero status with no
	# FAIL line.
	other=$(grep -E '^[[:space:]]+[^[:space:]]+\.go:[0-9]+: |^panic:|^fatal error:' "$tmp/out" |
		grep -v 'TempDir RemoveAll cleanup: ' || true)
	if [ "$status" -eq 0 ]; then
		echo "ok    $p (${secs} s)"
	elif [ -z "$other" ] && grep -q 'TempDir RemoveAll cleanup: ' "$tmp/out"; then
		n=$(grep -c 'TempDir RemoveAll cleanup: ' "$tmp/out")
		echo "ok    $p (${secs} s; $n t.TempDir cleanups failed: Wine's RemoveAll)"
	else
		echo "FAIL  $p (${secs} s, exit $status)"
		grep -v 'TempDir RemoveAll cleanup: ' "$tmp/out" | tail -n 30
		bad="$bad $p"
	fi
done
[ -z "$bad" ] || { echo "windows-unit: failed:$bad" >&2; exit 1; }
