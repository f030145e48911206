#!/usr/bin/env bash
# Fuzzes the REST layer with Schemathesis against its own OpenAPI document: a real gateway on a fresh, seeded
# store with the Firebase Auth emulator (scripts/fuzz-gateway.ts), a signed-in admin's session token on every
# request, and checks that no request gets a 5xx and every answer matches the documented status, content
# type and schema; the gateway's log must hold no error either. Bounded: FUZZ_MAX_EXAMPLES per operation
# and phase, and FUZZ_MAX_TIME seconds for the whole run (Schemathesis fuzzes until the budget is spent).
#
#   scripts/fuzz-rest.sh [sqlite|mongodb]    mongodb: MONGODB_URI, or the FerretDB that provision-mongo.sh built
#
# FUZZ_START_FILE=<path>: start the gateway at once, but fuzz only once that file exists (see below).
#
# Exit status: 0 passed, 1 failed, 77 cannot run here (no python3 with venv, or no MongoDB-protocol server).
# Schemathesis lives in a cached virtualenv, so only the first run downloads it (from PyPI). Reports, the
# gateway's log and Schemathesis's crash cache go to test-results/fuzz/<store>/.
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
STORE=${1:-sqlite}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${BOOKHAVEN_CACHE:-$HOME/.cache/bookhaven}
VENV=$CACHE/schemathesis-$SCHEMATHESIS_VERSION
REPORTS=$ROOT/test-results/fuzz/$STORE
MAX_EXAMPLES=${FUZZ_MAX_EXAMPLES:-25}
MAX_TIME=${FUZZ_MAX_TIME:-60}
NODE=$ROOT/node_modules/.bin/node
SKIP=77

say() { echo "fuzz-rest ($STORE): $*"; }
[[ $STORE == sqlite || $STORE == mongodb ]] || { echo "usage: $0 [sqlite|mongodb]" >&2; exit 2; }

if ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -qF " $SCHEMATHESIS_VERSION"; then
  command -v python3 >/dev/null || { say "skipped: python3 is missing (apt-get install python3 python3-venv)"; exit $SKIP; }
  # Debian splits venv's pip bootstrap into python3-venv; without it `python3 -m venv` fails half-way.
  python3 -c 'import venv, ensurepip' 2>/dev/null || { say "skipped: python3 cannot create a virtualenv (apt-get install python3-venv)"; exit $SKIP; }
  say "installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  rm -rf "$VENV"
  mkdir -p "$CACHE"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

rm -rf "$REPORTS"
mkdir -p "$REPORTS"
# Schemathesis keeps failing cases for `st replay` in a cache directory (./.schemathesis by default): keep it here.
printf '[cache]\ndirectory = "%s"\n' "$REPORTS/cache" >"$REPORTS/schemathesis.toml"

GATEWAY_LOG=$REPORTS/gateway.log
: >"$GATEWAY_LOG" # before the background job opens it, so the wait below can read it at once
FUZZ_STORE=$STORE "$NODE" "$ROOT/scripts/fuzz-gateway.ts" >"$GATEWAY_LOG" 2>&1 &
GATEWAY_PID=$!
stop_gateway() {
  if kill -0 "$GATEWAY_PID" 2>/dev/null; then
    kill -TERM "$GATEWAY_PID" 2>/dev/null || true
    wait "$GATEWAY_PID" 2>/dev/null || true
  fi
}
trap stop_gateway EXIT

for _ in $(seq 1 480); do
  grep -q '^\(TOKEN\|SKIP\)=' "$GATEWAY_LOG" && break
  kill -0 "$GATEWAY_PID" 2>/dev/null || break
  sleep 0.5
done
if grep -q '^SKIP=' "$GATEWAY_LOG"; then
  say "skipped: $(sed -n 's/^SKIP=//p' "$GATEWAY_LOG")"
  exit $SKIP
fi
BASE=$(sed -n 's/^BASE=//p' "$GATEWAY_LOG")
TOKEN=$(sed -n 's/^TOKEN=//p' "$GATEWAY_LOG")
if [[ -z "$BASE" || -z "$TOKEN" ]]; then
  say "the gateway did not start within 240 s:" >&2
  tail -n 40 "$GATEWAY_LOG" >&2
  exit 1
fi
# FUZZ_START_FILE: the gateway is started ahead (npm test starts it while the builds run) and the fuzzing waits
# until that file exists; it gives up when the caller that would create it has gone.
if [[ -n ${FUZZ_START_FILE:-} ]]; then
  say "gateway at $BASE; waiting for $FUZZ_START_FILE"
  caller=$PPID
  until [[ -e $FUZZ_START_FILE ]]; do
    kill -0 "$caller" 2>/dev/null || { say "the caller has gone: not fuzzing" >&2; exit 1; }
    kill -0 "$GATEWAY_PID" 2>/dev/null || { say "the gateway stopped while waiting:" >&2; tail -n 40 "$GATEWAY_LOG" >&2; exit 1; }
    sleep 0.2
  done
fi
say "gateway at $BASE; fuzzing $BASE/api/openapi.json for ${MAX_TIME}s ($MAX_EXAMPLES examples per operation and phase)"

# Schemathesis closes with a pytest-style banner ("==== 3 warnings in 60.09s ===="), which log readers that
# know pytest take for a run of no tests; the test count is in the JUnit report and npm test's last line.
pytest_banner_free() { sed -u -E 's/^=+ (.+) in ([0-9.]+)s =+$/Schemathesis: \1, after \2 s/'; }

started=$SECONDS
status=0
# --max-time is Schemathesis's own budget; `timeout` is the hard stop should it overrun. One worker: with two,
# Hypothesis describes its filter lambdas through `ast` from two threads at once, which CPython 3.11 does not
# survive ("AST constructor recursion depth mismatch", CPython gh-106905), and the run failed on that alone.
timeout --kill-after=10 $((MAX_TIME + 60)) "$VENV/bin/schemathesis" --config-file "$REPORTS/schemathesis.toml" --no-color run "$BASE/api/openapi.json" \
  --header "Authorization: Bearer $TOKEN" \
  --checks not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance \
  --max-examples "$MAX_EXAMPLES" \
  --max-time "$MAX_TIME" \
  --request-timeout 10 \
  --workers 1 \
  --seed "${FUZZ_SEED:-20240601}" \
  --generation-database none \
  --report junit --report-dir "$REPORTS" | pytest_banner_free || status=$?
say "schemathesis finished in $((SECONDS - started))s with exit code $status (reports in ${REPORTS#"$ROOT"/})"
if grep -q '"level":50' "$GATEWAY_LOG"; then
  say "the gateway logged errors during the run:" >&2
  grep '"level":50' "$GATEWAY_LOG" | tail -n 5 >&2
  [[ $status -ne 0 ]] || status=1
fi
exit "$status"
