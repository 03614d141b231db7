#!/usr/bin/env bash
# Makes sure a Chromium that can load unpacked extensions is present, and prints its path.
# Order: $CHROME_PATH, Debian's /usr/bin/chromium, Playwright's cache; else install Debian's
# package (Playwright's own browser download does not work on these machines).
set -euo pipefail
if [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; then echo "$CHROME_PATH"; exit 0; fi
if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
cached=$(ls -d "${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"/chromium-*/chrome-linux*/chrome 2>/dev/null | tail -n 1 || true)
if [ -n "$cached" ] && [ -x "$cached" ]; then echo "$cached"; exit 0; fi
# As root, or through sudo when it needs no password (a CI runner's user); never a prompt.
as_root=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then as_root="sudo -n"; else as_root="none"; fi
fi
if command -v apt-get >/dev/null 2>&1 && [ "$as_root" != none ]; then
  echo "Installing Chromium from Debian…" >&2
  $as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
  if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
fi
echo "No Chromium found. Install it (e.g. 'sudo apt-get install chromium') or set CHROME_PATH." >&2
exit 1
