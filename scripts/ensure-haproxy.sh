#!/usr/bin/env bash
# The balancer in front of the cluster's gateways (`npm run cluster`, the cluster tests): Debian's
# haproxy. Installs it when missing (as root, with apt-get) and prints its path. Idempotent.
set -euo pipefail
if ! command -v haproxy >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "haproxy is not installed and this user cannot install it (apt-get install haproxy)." >&2
    exit 1
  fi
  echo "haproxy is missing: installing Debian's haproxy package..." >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
fi
command -v haproxy
