# Sourced by scripts/test: the Evennia bridge's tests run in their own environment, because
# Evennia 6 needs Python 3.12 or newer and rollplay supports 3.11. Makes .venv-evennia with a
# Python 3.12 (pyenv's, or python3.12 on PATH, or EVENNIA_PYTHON), installs the pinned Evennia
# and rollplay into it once (again when pyproject.toml or the pin changes), and an empty game
# folder for Evennia's test runner. Then `evennia_tests` runs tests/evennia with it, offline.
set -euo pipefail
EVENNIA_PIN="evennia==6.1.0"
EVENNIA_VENV=".venv-evennia"

evennia_python() {
  local candidate
  if [ -n "${EVENNIA_PYTHON:-}" ]; then
    echo "$EVENNIA_PYTHON"
    return
  fi
  for candidate in $(ls -d "$HOME"/.pyenv/versions/3.12.*/bin/python 2>/dev/null | sort -V -r) \
                   "$(command -v python3.12 || true)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      echo "$candidate"
      return
    fi
  done
}

EVENNIA_PY="$(evennia_python)"
if [ -z "$EVENNIA_PY" ] || ! "$EVENNIA_PY" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
  echo "the Evennia tests need Python 3.12 (pyenv install 3.12, or set EVENNIA_PYTHON=/path/to/python3.12)" >&2
  exit 2
fi
if [ ! -x "$EVENNIA_VENV/bin/python" ]; then
  "$EVENNIA_PY" -m venv "$EVENNIA_VENV"
  echo '*' > "$EVENNIA_VENV/.gitignore"  # the repository's .gitignore knows only .venv/
fi
evennia_stamp="$EVENNIA_VENV/.rollplay-installed"
evennia_want="$(sha256sum pyproject.toml | cut -c1-16) ${EVENNIA_PIN} discord"
if [ ! -f "$evennia_stamp" ] || [ "$(cat "$evennia_stamp")" != "$evennia_want" ]; then
  echo "Setting up ${EVENNIA_VENV} (${EVENNIA_PIN}, Python $("$EVENNIA_PY" -V 2>&1 | cut -d' ' -f2))..." >&2
  "$EVENNIA_VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
  "$EVENNIA_VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    "$EVENNIA_PIN" -e ".[discord]" >&2  # discord: the scenes' crossing test drives both
  rm -rf "$EVENNIA_VENV/game"
  (cd "$EVENNIA_VENV" && bin/evennia --init game >/dev/null)
  echo "$evennia_want" > "$evennia_stamp"
fi

# Runs tests/evennia with Evennia's own runner, in the game folder; arguments go to the
# runner (`-k secret` picks tests by name). The tests are found by path, with the project's
# root as the top level: that puts the root first on sys.path, ahead of a stray top-level
# `tests` package that django-sekizai (an Evennia dependency) installs.
evennia_tests() {
  local root
  root="$(pwd)"
  (cd "$EVENNIA_VENV/game" && \
    ../bin/evennia test --settings settings.py --noinput -t "$root" "$root/tests/evennia" "$@")
}
