import { z } from 'zod';
import { PROPERTY_CATEGORIES } from '../property.js';
import { ALERT_FREQUENCIES } from '../saved-searches.js';
import { isoDateSchema } from './components.js';

/** The home filters a saved search keeps (without the order and paging); a filter left out matches anything. */
export const savedSearchFiltersOutSchema = z.object({
  search: z.string().optional(),
  category: z.enum(PROPERTY_CATEGORIES).optional(),
  propertyType: z.string().optional(),
  town: z.string().optional(),
  rooms: z.number().int().min(1).max(6).optional(),
  minPrice: z.number().min(0).optional(),
  maxPrice: z.number().min(0).optional(),
  /** Only listings whose control our team checked (docs/api.md#what-was-checked). */
  controlChecked: z.literal(true).optional(),
  /**
   * An area of the map, `west,south,east,north`: only listings whose approximate area's centre is
   * inside (a listing without a pin never matches a box).
   */
  bbox: z.string().optional(),
});

/** A saved search as its owner reads it. */
export const savedSearchRecordSchema = z.object({
  id: z.string(),
  /** Made from the filters in the reader's language until renamed. */
  name: z.string(),
  filters: savedSearchFiltersOutSchema,
  frequency: z.enum(ALERT_FREQUENCIES),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});

/** GET /api/saved-searches: newest first, and how many the account may keep. */
export const savedSearchListReplySchema = z.object({ searches: z.array(savedSearchRecordSchema), max: z.number().int() });

/** POST /api/saved-searches and PATCH /api/saved-searches/{id}. */
export const savedSearchChangeResponseSchema = z.object({ message: z.string(), data: savedSearchRecordSchema });

/** DELETE /api/saved-searches/{id}. */
export const savedSearchDeleteResponseSchema = z.object({ message: z.string(), data: z.object({ id: z.string() }) });
