#!/bin/sh
# Stand-in for Prisma's downloadable schema-engine binary, which cannot be fetched here.
# `prisma generate` only needs the file to exist. It must fail (never succeed silently):
# a stand-in that exits 0 makes `prisma migrate deploy` report success without applying
# anything. Migrations run through the wasm engine instead: `node scripts/db.mjs`.
echo "schema-engine binary not installed; use 'node scripts/db.mjs' (see docs/migrations.md)" >&2
exit 1
