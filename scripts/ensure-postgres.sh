#!/usr/bin/env bash
# Server mode's PostgreSQL store is tested against a real PostgreSQL: Debian's package, started on
# loopback, with a `tessera` role and database. Installs it when missing (as root, with apt-get),
# starts the cluster when it is down, and prints the DATABASE_URL to use. Idempotent.
set -euo pipefail
URL="postgres://tessera:tessera@127.0.0.1:5432/tessera"
if ! command -v pg_lsclusters >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "PostgreSQL is not installed and this user cannot install it (apt-get install postgresql)." >&2
    exit 1
  fi
  echo "PostgreSQL is missing: installing Debian's postgresql package..." >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
read -r version cluster port status _ < <(pg_lsclusters --no-header | head -1)
if [ "$status" != "online" ]; then
  pg_ctlcluster "$version" "$cluster" start >&2
fi
as_postgres() { (cd / && su postgres -c "$1"); }
if ! as_postgres "psql -p $port -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'tessera'\"" | grep -q 1; then
  as_postgres "psql -p $port -qc \"CREATE ROLE tessera LOGIN PASSWORD 'tessera'\"" >&2
fi
if ! as_postgres "psql -p $port -tAc \"SELECT 1 FROM pg_database WHERE datname = 'tessera'\"" | grep -q 1; then
  as_postgres "createdb -p $port -O tessera tessera" >&2
fi
echo "${URL/5432/$port}"
