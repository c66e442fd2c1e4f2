# Sourced by scripts/test: find Chromium for the browser tests (tests/browser), installing
# Debian's package when it is missing, and export ROLLPLAY_CHROMIUM. The tests drive it with
# Playwright; Playwright's own browser download (`playwright install`) is never used.
# Set ROLLPLAY_CHROMIUM yourself to use another Chromium; set ROLLPLAY_SKIP_BROWSER=1 to
# skip the browser tests.
if [ -n "${ROLLPLAY_SKIP_BROWSER:-}" ]; then
  unset ROLLPLAY_CHROMIUM
  echo "== Chromium: skipped (ROLLPLAY_SKIP_BROWSER is set); the browser tests will skip"
elif [ -z "${ROLLPLAY_CHROMIUM:-}" ]; then
  chromium_bin=/usr/bin/chromium
  if [ ! -x "$chromium_bin" ]; then
    echo "Chromium is not installed; installing it for the browser tests..." >&2
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      chromium_install() {
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium
      }
      chromium_install >/dev/null 2>&1 \
        || { apt-get update -qq >/dev/null 2>&1 && chromium_install >/dev/null; } \
        || echo "installing Chromium failed; the browser tests will skip" >&2
    else
      echo "cannot install Chromium here (needs root and apt-get); the browser tests will" \
        "skip: install Debian's chromium, set ROLLPLAY_CHROMIUM=/path/to/chromium, or set" \
        "ROLLPLAY_SKIP_BROWSER=1" >&2
    fi
  fi
  if [ -x "$chromium_bin" ]; then
    export ROLLPLAY_CHROMIUM="$chromium_bin"
  fi
fi
if [ -n "${ROLLPLAY_CHROMIUM:-}" ]; then
  echo "== $("$ROLLPLAY_CHROMIUM" --version 2>/dev/null || echo "Chromium") ($ROLLPLAY_CHROMIUM)"
fi
