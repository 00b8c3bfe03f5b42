#!/usr/bin/env bash
# Installs, once, what the demo and the end-to-end tests need outside the project's own
# node_modules: Node 24 (n8n 2.x refuses older) and a real n8n, into a cache folder kept
# outside the clone so a fresh clone on the same machine reuses it.
#
#   scripts/ensure-runtime.sh node24        -> prints the Node 24 bin folder
#   scripts/ensure-runtime.sh n8n2          -> prints the n8n 2.x install folder
#   MKT_N8N2_VERSION=2.41.1 scripts/ensure-runtime.sh n8n2
#                                           -> the same for another proven 2.x (see N8N2_PROVEN)
#   scripts/ensure-runtime.sh n8n1          -> prints the n8n 1.x install folder (runs on Node 20)
#
# Cache: $MKT_RUNTIME_CACHE, default ~/.cache/n8n-nodes-marketplace-seller. Every install
# ends with a ".ready" marker; a half-finished install (no marker) is removed and redone.
set -euo pipefail

NODE24_VERSION="${MKT_NODE24_VERSION:-24.21.0}"
N8N2_VERSION="${MKT_N8N2_VERSION:-2.40.7}"
# The 2.x versions the e2e matrix runs (docs/n8n-internals.md lists what each was checked for).
# One --before date resolves both on the registry mirror; 2.41.3 does not resolve at all (three
# of its pinned packages are missing), so 2.41.1 is the newest installable one.
N8N2_PROVEN="2.40.7 2.41.1"
N8N2_BEFORE="2026-09-27"
N8N1_VERSION="${MKT_N8N1_VERSION:-1.123.81}"
N8N1_BEFORE="2026-09-23"
CACHE="${MKT_RUNTIME_CACHE:-$HOME/.cache/n8n-nodes-marketplace-seller}"
mkdir -p "$CACHE"

log() { echo "[runtime] $*" >&2; }

arch_suffix() {
  case "$(uname -m)" in
    x86_64) echo "linux-x64" ;;
    aarch64 | arm64) echo "linux-arm64" ;;
    *) log "unsupported CPU $(uname -m)"; exit 1 ;;
  esac
}

# Runs "$@" under a lock so two parallel callers do not install into the same folder.
with_lock() {
  local name="$1"; shift
  exec 9>"$CACHE/.$name.lock"
  flock 9
  "$@"
  flock -u 9
}

install_node24() {
  local dir="$CACHE/node-$NODE24_VERSION"
  if [ ! -f "$dir/.ready" ]; then
    rm -rf "$dir"; mkdir -p "$dir"
    log "installing Node $NODE24_VERSION into $dir"
    # The npm package node@24 only runs a preinstall script that installs this
    # architecture-specific package; installing it directly needs no install scripts.
    (cd "$dir" && echo '{"private":true}' > package.json &&
      npm i --no-audit --no-fund --ignore-scripts "node-$(arch_suffix)@$NODE24_VERSION" >&2)
    "$dir/node_modules/node-$(arch_suffix)/bin/node" --version >&2
    touch "$dir/.ready"
  fi
  echo "$dir/node_modules/node-$(arch_suffix)/bin"
}

install_n8n() {
  # $1 folder, $2 version, $3 --before date, $4 overrides JSON, $5 bin folder of the Node to use, $6 native modules
  local dir="$1" version="$2" before="$3" overrides="$4" nodebin="$5" native="$6"
  if [ ! -f "$dir/.ready" ]; then
    rm -rf "$dir"; mkdir -p "$dir"
    log "installing n8n $version into $dir (a few minutes, once)"
    printf '{"private":true,"overrides":%s}\n' "$overrides" > "$dir/package.json"
    (cd "$dir" && PATH="$nodebin:$PATH" npm i --no-audit --no-fund --ignore-scripts \
      --before="$before" "n8n@$version" >&2)
    log "building native modules: $native"
    # shellcheck disable=SC2086
    (cd "$dir" && PATH="$nodebin:$PATH" npm rebuild --ignore-scripts=false $native >&2)
    touch "$dir/.ready"
  fi
  echo "$dir"
}

case "${1:-}" in
  node24)
    with_lock node24 install_node24
    ;;
  n8n2)
    case " $N8N2_PROVEN " in
      *" $N8N2_VERSION "*) ;;
      *) log "n8n $N8N2_VERSION is not one of the proven 2.x versions ($N8N2_PROVEN)" ;;
    esac
    bin="$(with_lock node24 install_node24)"
    with_lock "n8n2-$N8N2_VERSION" install_n8n "$CACHE/n8n-$N8N2_VERSION" "$N8N2_VERSION" "$N8N2_BEFORE" \
      '{"linkedom":"0.18.13"}' "$bin" "sqlite3 isolated-vm"
    ;;
  n8n1)
    # n8n 1.x runs on the machine's Node 20; isolated-vm does not build there, so 1.x is
    # started with the legacy expression engine (see scripts/e2e).
    with_lock n8n1 install_n8n "$CACHE/n8n-$N8N1_VERSION" "$N8N1_VERSION" "$N8N1_BEFORE" \
      '{"linkedom":"0.18.13","xlsx":"0.18.5"}' "$(dirname "$(command -v node)")" "sqlite3"
    ;;
  *)
    echo "usage: $0 node24|n8n2|n8n1" >&2; exit 2 ;;
esac
