import { useToast } from '@mboa/ui';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLoad, type Loaded } from './useLoad.js';

export interface ListRow {
  _id: string;
}

/** How one list's answer is read: its rows, its page count, and the same answer with other rows. */
export interface ListShape<D, R> {
  rows: (data: D) => R[];
  totalPages: (data: D) => number;
  withRows: (data: D, rows: R[]) => D;
}

/** One action on a row: the call, how its answer becomes the new row (null: read the page again), the toasts. */
export interface RowAction<R, X> {
  row: R;
  call: () => Promise<X>;
  updatedRow: (reply: X) => R | null;
  success: string;
  failure: (error: unknown) => string;
}

/**
 * The state every admin list shares: its filters (a change goes back to page 1), the page, the
 * rows read through the query cache, and row actions. After an action the row shows what the
 * server answered; after a failure the page is read again, so nothing shows a state the server did
 * not accept (e.g. 409: someone else acted first).
 */
export function useAdminList<F extends object, D, R extends ListRow>(options: {
  /** Names the list in the query cache. */
  name: string;
  initialFilters: F;
  load: (query: F & { page: number }, signal: AbortSignal) => Promise<D>;
  shape: ListShape<D, R>;
}) {
  const notify = useToast();
  const [page, setPage] = useState(1);
  const [filters, setFiltersState] = useState<F>(options.initialFilters);
  const loaded: Loaded<D> = useLoad(['admin', options.name, page, filters], (signal) => options.load({ ...filters, page }, signal));
  const { shape } = options;
  const rows = loaded.data ? shape.rows(loaded.data) : [];
  const totalPages = loaded.data ? shape.totalPages(loaded.data) : 1;

  const setFilters = useCallback((change: Partial<F>) => {
    setFiltersState((current) => ({ ...current, ...change }));
    setPage(1);
  }, []);

  function replaceRow(row: R) {
    loaded.setData((d) => (d ? shape.withRows(d, shape.rows(d).map((r) => (r._id === row._id ? row : r))) : d));
  }

  const action = useMutation({
    mutationFn: (job: RowAction<R, unknown>) => job.call(),
    onSuccess: (reply, job) => {
      const updated = job.updatedRow(reply);
      if (updated) replaceRow(updated);
      else loaded.reload();
      notify('success', job.success);
    },
    onError: (error, job) => {
      notify('error', job.failure(error));
      loaded.reload();
    },
  });

  function act<X>(job: RowAction<R, X>) {
    action.mutate(job as RowAction<R, unknown>);
  }

  const busyId = action.isPending ? action.variables.row._id : null;
  return { page, setPage, filters, setFilters, rows, totalPages, loaded, replaceRow, act, busyId };
}
