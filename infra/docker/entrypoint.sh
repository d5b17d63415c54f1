#!/bin/sh
# Starts one app of the image: `entrypoint.sh <gateway|auth|listings|media|moderation|support>`.
# A service with a database schema first applies its pending migrations with the real Prisma CLI
# (`prisma migrate deploy`, which takes an advisory lock, so replicas starting together are safe).
# Anything else is run as a command, e.g. `entrypoint.sh npm run search:reindex`.
set -eu
cd /app
app="${1:-}"
case "$app" in
  gateway) main=gateway/dist/main.js ;;
  auth|listings|media|moderation|support) main="services/$app/dist/main.js" ;;
  *) exec "$@" ;;
esac
shift

if [ -f "services/$app/prisma.config.ts" ] && [ "${MIGRATE_ON_START:-on}" != "off" ]; then
  # prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY at a stand-in unless it is already set
  # (the development machines cannot download the engine); here, use the one npm ci fetched.
  engine="$(ls node_modules/@prisma/engines/schema-engine-* 2>/dev/null | head -n 1 || true)"
  if [ -n "$engine" ]; then export PRISMA_SCHEMA_ENGINE_BINARY="/app/$engine"; fi
  own_var="$(echo "$app" | tr 'a-z' 'A-Z')_DATABASE_URL"
  own_url="$(printenv "$own_var" || true)"
  echo "{\"level\":\"info\",\"service\":\"$app\",\"msg\":\"applying database migrations\"}"
  DATABASE_URL="${own_url:-${DATABASE_URL:-}}" node node_modules/prisma/build/index.js migrate deploy --config "services/$app/prisma.config.ts" >&2
fi

exec node "$main" "$@"
