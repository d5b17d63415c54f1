import type { PropertyRead } from './property.js';
import type { PublicUser } from './user.js';

/** GET /api/admin/stats answer (spec §3 "Admin stats"). */
export interface AdminStats {
  users: { total: number; latest: PublicUser[] };
  properties: { total: number; latest: PropertyRead[] };
  requests: { searchingCount: number };
  support: { pendingCount: number };
}

export interface AuthStatsReply {
  total: number;
  latest: PublicUser[];
}
export interface ListingsStatsReply {
  total: number;
  latest: PropertyRead[];
}
export interface SupportStatsReply {
  searchingCount: number;
  pendingCount: number;
}
