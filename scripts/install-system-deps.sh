#!/usr/bin/env bash
# Debian packages the test suites need: Chromium for the browser journeys. Go (for the FerretDB test server)
# comes with the machine; scripts/provision-mongo.sh builds FerretDB from the Go module proxy.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "install-system-deps: chromium already installed"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
echo "install-system-deps: installed $(/usr/bin/chromium --version)"
