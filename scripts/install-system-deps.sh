#!/usr/bin/env bash
# Debian packages the test suites need: Chromium for the browser journeys, and python3 with venv for the
# Schemathesis REST fuzzing (scripts/fuzz-rest.sh installs Schemathesis itself from PyPI into a cached
# virtualenv), and Varnish, the proxy of compose.yaml, run in front of two gateways by
# tests/gateway/deployment.test.ts; Redis, which tests/gateway/shared-rate-limits.test.ts runs as a process of its
# own (the system service is left stopped; a fresh install may start it, and nothing uses it); and a font with
# the taka sign (U+09F3), which the SPA writes money with and which no other installed font has, so the
# journeys' screenshots show it instead of a box; and Noto's Bengali (fonts-noto-core), so that the app in Bangla
# renders in the journeys and their screenshots as on members' phones, not as boxes. Go (for the FerretDB test server) comes with the machine;
# scripts/provision-mongo.sh builds FerretDB from the Go module proxy, with one patch applied by patch(1).
# Installs only what is missing.
set -euo pipefail
missing=()
if [ -x /usr/bin/chromium ]; then
  echo "install-system-deps: chromium already installed"
else
  missing+=(chromium fonts-liberation)
fi
# Debian's python3 leaves venv's pip bootstrap (ensurepip) to python3-venv; without it `python3 -m venv` fails.
if command -v python3 >/dev/null && python3 -c 'import venv, ensurepip' 2>/dev/null; then
  echo "install-system-deps: $(python3 --version) with venv already installed"
else
  missing+=(python3 python3-venv)
fi
if command -v fc-list >/dev/null && [ -n "$(fc-list ':charset=9f3')" ]; then
  echo "install-system-deps: a font with the taka sign already installed"
else
  missing+=(fonts-lohit-beng-bengali)
fi
if command -v fc-list >/dev/null && fc-list ':lang=bn' family | grep -q 'Noto Sans Bengali'; then
  echo "install-system-deps: Noto Sans Bengali already installed"
else
  missing+=(fonts-noto-core)
fi
if [ -x /usr/sbin/varnishd ]; then
  echo "install-system-deps: varnish already installed"
else
  missing+=(varnish)
fi
if [ -x /usr/bin/redis-server ]; then
  echo "install-system-deps: $(/usr/bin/redis-server --version | cut -d' ' -f1-3) already installed"
else
  missing+=(redis-server)
fi
if command -v patch >/dev/null; then
  echo "install-system-deps: patch already installed"
else
  missing+=(patch)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-system-deps: installed ${missing[*]}"
if [ -x /usr/bin/chromium ]; then echo "install-system-deps: $(/usr/bin/chromium --version)"; fi
