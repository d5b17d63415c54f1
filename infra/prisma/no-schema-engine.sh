#!/bin/sh
# Stand-in for Prisma's downloadable schema-engine binary, which cannot be fetched here.
# `prisma generate` only needs the file to exist. It must fail (never succeed silently):
# a stand-in that exits 0 makes `prisma migrate deploy` report success without applying
# anything. Migrations are applied by our runner instead: `node scripts/db.mjs deploy`.
echo "schema-engine binary not installed: migrations are applied with 'node scripts/db.mjs deploy' (see docs/migrations.md)" >&2
exit 1
