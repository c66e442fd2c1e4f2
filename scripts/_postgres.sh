# Sourced by scripts/test: start a throwaway PostgreSQL server for the storage tests and
# export ROLLPLAY_TEST_POSTGRES_URL; it is stopped and removed when the script exits.
# Set ROLLPLAY_TEST_POSTGRES_URL yourself to test against a server you run; set
# ROLLPLAY_SKIP_POSTGRES=1 to run the SQLite half only.
if [ -z "${ROLLPLAY_TEST_POSTGRES_URL:-}" ] && [ -z "${ROLLPLAY_SKIP_POSTGRES:-}" ]; then
  pg_bin=""
  find_pg() {
    if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
      pg_bin="$(dirname "$(command -v pg_ctl)")"
    else
      pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    fi
  }
  find_pg
  if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
    echo "PostgreSQL is not installed; installing it for the storage tests..." >&2
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null 2>&1 \
        || { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }
    else
      echo "cannot install PostgreSQL here (needs root and apt-get); install it, or set ROLLPLAY_SKIP_POSTGRES=1" >&2
      exit 2
    fi
    find_pg
  fi
  pg_dir="$(mktemp -d /tmp/rollplay-pg.XXXXXX)"
  pg_port=$(( 20000 + RANDOM % 20000 ))
  as_pg=()
  if [ "$(id -u)" = 0 ]; then  # the server refuses to run as root
    chown -R postgres "$pg_dir"
    as_pg=(runuser -u postgres --)
  fi
  "${as_pg[@]}" "$pg_bin/initdb" -D "$pg_dir/data" -U rollplay -A trust --no-sync >/dev/null
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
    -o "-p $pg_port -k $pg_dir -c listen_addresses='' -c fsync=off" start >/dev/null
  stop_pg() {
    "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
  }
  trap stop_pg EXIT
  export ROLLPLAY_TEST_POSTGRES_URL="postgresql+psycopg://rollplay@/postgres?host=$pg_dir&port=$pg_port"
  echo "== PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on $pg_dir (port $pg_port)"
fi
