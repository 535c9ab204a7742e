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
if [ ! -f "$stamp" ] || [ setup.cfg -nt "$stamp" ]; then
  .venv/bin/pip install -q -e ".${EXTRAS:+[$EXTRAS]}"
  for plugin in plugins/*/; do
    [ -f "$plugin/setup.cfg" ] && .venv/bin/pip install -q -e "$plugin"
  done
  touch "$stamp"
fi
