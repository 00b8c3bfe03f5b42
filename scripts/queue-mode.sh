#!/usr/bin/env bash
# n8n's queue mode on this machine, with this package installed (see docs/queue-mode.md):
#
#   scripts/queue-mode.sh start    Postgres + Redis (Debian packages, installed with apt-get when
#                                  missing), n8n 2.40.7 main, two webhook processes behind a
#                                  round-robin balancer, one worker; prints the addresses
#   scripts/queue-mode.sh stop     stops only what start started (pid files in .queue-mode/pids)
#   scripts/queue-mode.sh status
#
# Everything lives in .queue-mode/ (ignored by git). The logic is in scripts/e2e/lib/queue-mode*.ts,
# shared with `npm run test:e2e:queue`.
set -euo pipefail
cd "$(dirname "$0")/.."

cli=build/scripts/e2e/lib/queue-mode-cli.js
dir="${MKT_QUEUE_MODE_DIR:-.queue-mode}"

case "${1:-}" in
  start)
    node scripts/ensure-deps.cjs
    npm run build --silent
    npm run build:tools --silent
    mkdir -p "$dir/pack"
    rm -f "$dir"/pack/*.tgz
    npm pack --pack-destination "$dir/pack" --silent >/dev/null
    exec node "$cli" start
    ;;
  stop | status)
    if [ ! -f "$cli" ]; then
      node scripts/ensure-deps.cjs
      npm run build:tools --silent
    fi
    exec node "$cli" "$1"
    ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
