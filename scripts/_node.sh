# Sourced by scripts/test: find Node.js for the tampering corpus's run of the browser's
# verifier (tests/table/test_verify_corpus.py runs static/verify_log.js under it), installing
# Debian's package when it is missing, and export ROLLPLAY_NODE. Set ROLLPLAY_NODE yourself to
# use another node (20 or later); set ROLLPLAY_SKIP_NODE=1 to skip that half of the corpus.
if [ -n "${ROLLPLAY_SKIP_NODE:-}" ]; then
  unset ROLLPLAY_NODE
  echo "== Node.js: skipped (ROLLPLAY_SKIP_NODE is set); the corpus runs in Python alone"
elif [ -z "${ROLLPLAY_NODE:-}" ]; then
  if ! command -v node >/dev/null 2>&1; then
    echo "Node.js is not installed; installing it for the verifier corpus..." >&2
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      node_install() {
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs
      }
      node_install >/dev/null 2>&1 \
        || { apt-get update -qq >/dev/null 2>&1 && node_install >/dev/null; } \
        || echo "installing Node.js failed; the corpus will run in Python alone" >&2
    else
      echo "cannot install Node.js here (needs root and apt-get); the corpus will run in" \
        "Python alone: install Debian's nodejs, set ROLLPLAY_NODE=/path/to/node, or set" \
        "ROLLPLAY_SKIP_NODE=1" >&2
    fi
  fi
  if command -v node >/dev/null 2>&1; then
    ROLLPLAY_NODE="$(command -v node)"
    export ROLLPLAY_NODE
  fi
fi
if [ -n "${ROLLPLAY_NODE:-}" ]; then
  echo "== Node.js $("$ROLLPLAY_NODE" --version 2>/dev/null) ($ROLLPLAY_NODE)"
fi
