#!/bin/sh
# Works around fyne.io/tools v1.7.2 (fyne-io/tools#139): the Makefile inside a
# `fyne package -os linux` archive names the icon without its .png extension,
# so `make install` there fails with "cannot stat usr/local/share/pixmaps/ID".
# Adds the extension when it is missing; does nothing to a correct archive.
#   scripts/fix-fyne-tarball.sh dist/Slidelab.tar.xz
set -eu
archive=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tar -xJf "$archive" -C "$tmp"
mk=$(find "$tmp" -mindepth 2 -maxdepth 2 -name Makefile | head -n 1)
[ -n "$mk" ] || { echo "fix-fyne-tarball: no Makefile in $archive" >&2; exit 1; }
dir=$(dirname "$mk")
icon=$(sed -n 's/^Icon := "\(.*\)"$/\1/p' "$mk")
if [ -z "$icon" ] || [ -f "$dir/usr/local/share/pixmaps/$icon" ]; then
	exit 0
fi
if [ ! -f "$dir/usr/local/share/pixmaps/$icon.png" ]; then
	echo "fix-fyne-tarball: no icon $icon(.png) in $archive" >&2
	exit 1
fi
sed -i "s/^Icon := \"$icon\"\$/Icon := \"$icon.png\"/" "$mk"
tar -cJf "$archive.new" -C "$tmp" "$(basename "$dir")"
mv "$archive.new" "$archive"
echo "fix-fyne-tarball: Makefile in $(basename "$archive") now installs $icon.png" >&2
