# Sourced by scripts/demo and scripts/test: make .venv and install rollplay into it, once,
# and again whenever pyproject.toml changes. EXTRAS names the optional dependency groups.
set -euo pipefail
: "${EXTRAS:=}"
PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "rollplay needs Python 3.11 or newer as '$PYTHON' (set PYTHON=/path/to/python3.11)" >&2
  exit 2
fi
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
spec="."
[ -n "$EXTRAS" ] && spec=".[${EXTRAS}]"
stamp=".venv/.rollplay-installed"
want="$(cat pyproject.toml | sha256sum | cut -c1-16) ${spec}"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "Setting up .venv (${spec})..." >&2
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$spec" >&2
  echo "$want" > "$stamp"
fi
