#!/usr/bin/env bash
# The cluster roles (`npm run server -- --role gateway|core`) talk over NATS: Debian's nats-server,
# started on loopback. Installs it when missing (as root, with apt-get), starts it when nothing
# answers on its port, and prints the NATS_URL to use. Idempotent. NATS_PORT picks the port
# (default 4222); the server's log and pid file are under ${TMPDIR:-/tmp}/tessera-nats-<port>.
set -euo pipefail
PORT="${NATS_PORT:-4222}"
URL="nats://127.0.0.1:${PORT}"
answers() { (exec 3<>"/dev/tcp/127.0.0.1/${PORT}") 2>/dev/null; }
if answers; then
  echo "$URL"
  exit 0
fi
if ! command -v nats-server >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "nats-server is not installed and this user cannot install it (apt-get install nats-server)." >&2
    exit 1
  fi
  echo "nats-server is missing: installing Debian's nats-server package..." >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server >/dev/null
fi
DIR="${TMPDIR:-/tmp}/tessera-nats-${PORT}"
mkdir -p "$DIR"
# Its own session (setsid), so it outlives this script and the shell that ran it.
setsid nats-server --addr 127.0.0.1 --port "$PORT" --pid "$DIR/nats.pid" --log "$DIR/nats.log" \
  </dev/null >/dev/null 2>&1 &
for _ in $(seq 1 50); do
  if answers; then
    echo "$URL"
    exit 0
  fi
  sleep 0.1
done
echo "nats-server did not start on port ${PORT}; its log: $DIR/nats.log" >&2
tail -20 "$DIR/nats.log" >&2 || true
exit 1
