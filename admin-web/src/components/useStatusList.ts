import type { AdminListResponse, AdminStatusUpdateResponse } from '@mboa/contracts';
import { ApiError } from '@mboa/web-core';
import { useAdminList } from './useAdminList.js';

interface Row<S> {
  _id: string;
  status: S;
}

/**
 * A requests or tickets list: status filter, paging, and moving one row to another status. The row
 * takes the status from the server's answer; on failure the page reloads so nothing shows a state
 * the server did not accept.
 */
export function useStatusList<S extends string, T extends Row<S>>(options: {
  /** Names the list in the query cache. */
  name: string;
  list: (q: { page: number; status: S | 'all' }, signal: AbortSignal) => Promise<AdminListResponse<T>>;
  move: (id: string, status: S) => Promise<AdminStatusUpdateResponse<T>>;
  texts: { success: string; failure: string; networkFailure: string };
}) {
  const initialFilters: { status: S | 'all' } = { status: 'all' };
  const list = useAdminList({
    name: options.name,
    initialFilters,
    load: options.list,
    shape: {
      rows: (d: AdminListResponse<T>) => d.data ?? [],
      totalPages: (d: AdminListResponse<T>) => d.pagination?.totalPages ?? 1,
      withRows: (d: AdminListResponse<T>, data: T[]) => ({ ...d, data }),
    },
  });

  function move(row: T, next: S) {
    list.act({
      row,
      call: async () => {
        const reply = await options.move(row._id, next);
        if (reply && reply.success === false) throw new ApiError(409, reply.error || reply.message || options.texts.failure);
        return reply;
      },
      updatedRow: (reply) => (reply?.data?.status ? { ...row, ...reply.data } : null),
      success: options.texts.success,
      failure: (error) => (error instanceof ApiError && error.status === 0 ? options.texts.networkFailure : options.texts.failure),
    });
  }

  return { ...list, status: list.filters.status, setStatus: (status: S | 'all') => list.setFilters({ status }), move };
}
