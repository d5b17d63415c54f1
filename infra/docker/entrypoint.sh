#!/bin/sh
# Starts one app of the image: `entrypoint.sh <gateway|auth|listings|media|moderation|support>`.
# `entrypoint.sh migrate <service>` only applies that service's pending migrations and exits (a
# Kubernetes Job before an upgrade runs it). At start, unless MIGRATE_ON_START=off, a service with
# a database schema runs the same thing first. Both use the runner development, tests and CI use
# (`node scripts/db.mjs deploy <service>`, docs/migrations.md): one transaction per migration,
# Prisma's advisory lock so replicas starting together migrate once, and no call to any vendor.
# Anything else is run as a command, e.g. `entrypoint.sh npm run search:reindex`.
set -eu
cd /app

# The service's own database URL (<SERVICE>_DATABASE_URL) if set, else DATABASE_URL; db.mjs puts
# the service in the schema named after it whatever `?schema=` the URL has.
migrate() {
  own_var="$(echo "$1" | tr 'a-z-' 'A-Z_')_DATABASE_URL"
  own_url="$(printenv "$own_var" || true)"
  echo "{\"level\":\"info\",\"service\":\"$1\",\"msg\":\"applying database migrations\"}"
  DATABASE_URL="${own_url:-${DATABASE_URL:-}}" node scripts/db.mjs deploy "$1" >&2
}

app="${1:-}"
case "$app" in
  migrate)
    service="${2:-}"
    if [ -z "$service" ] || [ ! -f "services/$service/prisma/schema.prisma" ]; then
      echo "usage: entrypoint.sh migrate <service with a database schema:$(for f in services/*/prisma/schema.prisma; do d="${f%/prisma/schema.prisma}"; printf ' %s' "${d#services/}"; done)>" >&2
      exit 64
    fi
    migrate "$service"
    exit 0
    ;;
  gateway) main=gateway/dist/main.js ;;
  auth|listings|media|moderation|support) main="services/$app/dist/main.js" ;;
  *) exec "$@" ;;
esac
shift

if [ -f "services/$app/prisma/schema.prisma" ] && [ "${MIGRATE_ON_START:-on}" != "off" ]; then
  migrate "$app"
fi

exec node "$main" "$@"
