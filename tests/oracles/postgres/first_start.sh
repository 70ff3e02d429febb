#!/usr/bin/env bash
# The first start of the postgres:10.14 image on an empty volume: docker-entrypoint.sh's _main
# for the chart's container (args ["--max_connections=96", "--shared_buffers=512MB"], so the
# command is `postgres --max_connections=96 --shared_buffers=512MB`), step by step with the
# image's own functions, then the port the server it execs listens on (`postgres -C port`
# reads PGPORT and the command line as a start does, prints the port and exits).
#
# Left out of _main: docker_create_db_directories (it makes /var/run/postgresql and, as root,
# hands PGDATA to the postgres user; here PGDATA is a new directory of the user running this)
# and the scripts of /docker-entrypoint-initdb.d (the chart mounts none; the image's directory
# is empty). Added: `-k "$ORACLE_SOCKETS"`, the temporary server's Unix socket directory, and
# PGHOST set to it, so that runs do not meet in the shared default directory.
#
# Each step writes its name to "$ORACLE_STAGE" first: where the script stops, that says why.
set -Eeo pipefail
# shellcheck source=docker-entrypoint.sh
source "$(dirname "${BASH_SOURCE[0]}")/docker-entrypoint.sh"

stage() { echo "$1" > "$ORACLE_STAGE"; }

set -- postgres --max_connections=96 --shared_buffers=512MB
stage setup
docker_setup_env
mkdir -p "$PGDATA"
chmod 700 "$PGDATA"
docker_verify_minimum_env
stage initdb
docker_init_database_dir
pg_setup_hba_conf
export PGPASSWORD="${PGPASSWORD:-$POSTGRES_PASSWORD}"
stage temp-server
docker_temp_server_start "$@" -k "$ORACLE_SOCKETS"
stage psql
docker_setup_db
stage temp-server-stop
docker_temp_server_stop
unset PGPASSWORD
stage server
"$@" -C port
stage done
