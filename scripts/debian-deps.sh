#!/bin/sh
# Installs the Debian packages Slidelab needs when they are missing.
#   scripts/debian-deps.sh build        C compiler and headers for the Fyne app (cgo, GLFW, -race)
#   scripts/debian-deps.sh package      build packages plus xz (fyne package makes a .tar.xz)
#   scripts/debian-deps.sh screenshots  build packages plus Xvfb and ImageMagick
#   scripts/debian-deps.sh web          brotli (make web compresses the app with it; gzip alone is 22 % larger)
#   scripts/debian-deps.sh web-test     Chromium, and Node.js with npm unless node and npm are there
#   scripts/debian-deps.sh windows      MinGW-w64 cross compiler (make windows)
#   scripts/debian-deps.sh windows-test windows plus Wine, Xvfb, xdotool, ImageMagick
#   scripts/debian-deps.sh dist         xz and zip for the release archives (make dist)
# Uses apt-get when root, sudo otherwise, and names the packages (exit 1) when neither works.
# Does nothing when every package is already installed; on a non-Debian system it only
# prints the list. Go itself is not installed here (Debian's golang is too old): see README.md.
set -eu
# gcc only recommends libc6-dev, so name it: cgo needs the C headers.
BUILD_PKGS="gcc libc6-dev pkg-config libgl1-mesa-dev libx11-dev libxext-dev libxrender-dev libxfixes-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev libwayland-dev libxkbcommon-dev"
PACKAGE_PKGS="xz-utils"
SHOT_PKGS="xvfb xauth imagemagick"
# The Windows build needs only the cross compiler; the Wine smoke test also
# needs Wine and a screen to run it on. wine64 puts its loader in
# /usr/lib/wine (scripts/windows-smoke.sh looks there).
WINDOWS_PKGS="gcc-mingw-w64-x86-64"
WINE_PKGS="wine64 xvfb xdotool imagemagick"
case "${1:-build}" in
build) want="$BUILD_PKGS" ;;
package) want="$BUILD_PKGS $PACKAGE_PKGS" ;;
screenshots) want="$BUILD_PKGS $SHOT_PKGS" ;;
web) want="brotli" ;;
web-test)
	want="chromium"
	# A Node.js from elsewhere (nodesource ships npm inside its nodejs)
	# would conflict with Debian's npm package: only install what is missing.
	if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
		want="$want nodejs npm"
	fi
	;;
windows) want="$WINDOWS_PKGS" ;;
windows-test) want="$WINDOWS_PKGS $WINE_PKGS" ;;
dist) want="xz-utils zip" ;;
*) echo "usage: $0 build|package|screenshots|web|web-test|windows|windows-test|dist" >&2; exit 2 ;;
esac
if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "slidelab: not a Debian system; install the equivalents of: $want" >&2
	exit 0
fi
missing=""
for p in $want; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1; then
	SUDO="sudo"
else
	echo "slidelab: missing Debian packages:$missing" >&2
	echo "slidelab: as root, run: apt-get update && apt-get install --no-install-recommends$missing" >&2
	exit 1
fi
echo "slidelab: installing Debian packages:$missing" >&2
# sudo drops the environment, so DEBIAN_FRONTEND goes through env(1).
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
# shellcheck disable=SC2086 # $missing is a word list on purpose
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >/dev/null
echo "slidelab: Debian packages installed" >&2
