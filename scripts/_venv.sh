# Sourced by scripts/run and scripts/test: create .venv if missing and install the project into it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
  .venv/bin/pip install -q --upgrade pip
fi
EXTRAS="${1:-}"
stamp=".venv/.esign-installed${EXTRAS:+-$EXTRAS}"
changed() {  # the project's or a plugin's setup.cfg is newer than the last install (or a plugin is new)
  for cfg in setup.cfg plugins/*/setup.cfg; do
    if [ -f "$cfg" ] && [ "$cfg" -nt "$stamp" ]; then return 0; fi
  done
  return 1
}
install() {  # quiet unless it fails: setuptools' build warnings are noise for someone starting esign
  local log=.venv/install.log
  if ! .venv/bin/pip install -q "$@" >"$log" 2>&1; then
    cat "$log" >&2
    echo "esign: installing $* failed (log above, also in $log)" >&2
    exit 1
  fi
}
if [ ! -f "$stamp" ] || changed; then
  echo "esign: installing into .venv ..." >&2
  install -e ".${EXTRAS:+[$EXTRAS]}"
  for plugin in plugins/*/; do
    if [ -f "$plugin/setup.cfg" ]; then install -e "${plugin%/}${EXTRAS:+[$EXTRAS]}"; fi  # a plugin without that extra: pip only warns
  done
  touch "$stamp"
fi
.venv/bin/python -m esign.i18n >/dev/null  # the message catalogs' .mo files (esign/i18n), when missing or stale
