-- Issue 28: where a property is. The exact pin (owner and staff only), the landmark text, the fixed
-- per-listing offset of the public area (src/rules/approximate-area.ts) and the area's centre.
ALTER TABLE "properties" ADD COLUMN     "area_lat" DOUBLE PRECISION,
ADD COLUMN     "area_lng" DOUBLE PRECISION,
ADD COLUMN     "area_offset_east_m" DOUBLE PRECISION,
ADD COLUMN     "area_offset_north_m" DOUBLE PRECISION,
ADD COLUMN     "landmark" TEXT,
ADD COLUMN     "pin_lat" DOUBLE PRECISION,
ADD COLUMN     "pin_lng" DOUBLE PRECISION;

-- Existing listings get their offset now, as new ones do at creation: a uniform direction and a
-- distance spread evenly over the ring 100–300 m (the rule's numbers). One random draw per row for
-- the direction and one for the distance, so north and east describe one point.
UPDATE "properties" SET
  "area_offset_north_m" = r.d * cos(r.theta),
  "area_offset_east_m"  = r.d * sin(r.theta)
FROM (
  SELECT id, 2 * pi() * random() AS theta, sqrt(100.0 * 100.0 + random() * (300.0 * 300.0 - 100.0 * 100.0)) AS d
  FROM "properties"
) AS r
WHERE "properties".id = r.id;

-- A pin is both coordinates or none; so is the area, which exists exactly when the pin does.

-- "A pin is both coordinates or none, and the area exists exactly when the pin does" is kept by the
-- service (src/rules/approximate-area.ts): a CHECK constraint here crashes the wasm schema engine's
-- introspection (db:migration, drift), see docs/migrations.md.
