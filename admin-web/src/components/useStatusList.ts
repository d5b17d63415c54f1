import type { AdminListResponse, AdminStatusUpdateResponse } from '@mboa/contracts';
import { useToast } from '@mboa/ui';
import { useState } from 'react';
import { ApiError } from '@mboa/web-core';
import { reportAccessLost } from '../session/access.js';
import { useLoad } from './useLoad.js';

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
  const notify = useToast();
  const [page, setPage] = useState(1);
  const [status, setStatusState] = useState<S | 'all'>('all');
  const [busyId, setBusyId] = useState<string | null>(null);
  const loaded = useLoad(['admin', options.name, page, status], (signal) => options.list({ page, status }, signal));

  const rows = loaded.data?.data ?? [];
  const totalPages = loaded.data?.pagination?.totalPages ?? 1;

  function setStatus(next: S | 'all') {
    setStatusState(next);
    setPage(1);
  }

  async function move(row: T, next: S) {
    setBusyId(row._id);
    try {
      const reply = await options.move(row._id, next);
      if (reply && reply.success === false) throw new ApiError(409, reply.error || reply.message || options.texts.failure);
      const updated = reply?.data;
      if (updated && updated.status) {
        loaded.setData((d) => (d ? { ...d, data: d.data.map((r) => (r._id === row._id ? { ...r, ...updated } : r)) } : d));
      } else {
        loaded.reload();
      }
      notify('success', options.texts.success);
    } catch (error) {
      reportAccessLost(error);
      notify('error', error instanceof ApiError && error.status === 0 ? options.texts.networkFailure : options.texts.failure);
      loaded.reload();
    } finally {
      setBusyId(null);
    }
  }

  return { page, setPage, status, setStatus, rows, totalPages, loaded, busyId, move };
}
