#!/usr/bin/env bash
# The browser tests use Debian's Chromium and a CJK font; never a downloaded browser build.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium" ] || missing+=(chromium)
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=zh 2>/dev/null)" ]; then
  missing+=(fonts-wqy-microhei)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian packages for the browser tests: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "The browser tests need these Debian packages: ${missing[*]}" >&2
echo "Install them with: sudo apt-get install ${missing[*]}   (or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
