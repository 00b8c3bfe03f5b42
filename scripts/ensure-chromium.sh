#!/usr/bin/env bash
# Installs Debian's chromium with apt-get when it is missing (for `npm run test:ui`) and prints
# the path of the browser binary. MKT_CHROMIUM overrides the binary (no install then).
set -euo pipefail

log() { echo "[chromium] $*" >&2; }

if [ -n "${MKT_CHROMIUM:-}" ]; then
  echo "$MKT_CHROMIUM"
  exit 0
fi

find_chromium() {
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
  done
  return 1
}

if ! find_chromium >/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then
    log "chromium is missing; install it (apt-get install chromium) or set MKT_CHROMIUM to a Chromium binary"
    exit 1
  fi
  # Several callers (parallel worktrees) may get here at once: apt-get takes its own lock, this one
  # keeps the second caller from failing on it.
  exec 9>/tmp/.n8n-nodes-marketplace-seller-chromium.lock
  flock 9
  if ! find_chromium >/dev/null; then
    log "installing Debian's chromium with apt-get (once)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update >&2
    apt-get install -y --no-install-recommends chromium fonts-liberation >&2
  fi
  flock -u 9
fi
find_chromium
