import type { ListMeta } from '../types/common.js';

/** At least 1, so "Page 1 of 1" shows for an empty list and infinite scroll stops at once. */
export function totalPagesOf(total: number, limit: number): number {
  if (limit <= 0) return 1;
  return Math.max(1, Math.ceil(total / limit));
}

export function offsetOf(page: number, limit: number): number {
  return Math.max(0, (Math.max(1, Math.floor(page)) - 1) * limit);
}

export function listMeta(total: number, page: number, limit: number): ListMeta {
  return { total, page, totalPages: totalPagesOf(total, limit) };
}

/** First and last item numbers shown on a page (1-based; 0 and 0 when empty). */
export function showingRange(page: number, limit: number, total: number): { from: number; to: number; total: number } {
  if (total <= 0) return { from: 0, to: 0, total: 0 };
  const from = Math.min(offsetOf(page, limit) + 1, total);
  const to = Math.min(offsetOf(page, limit) + limit, total);
  return { from, to, total };
}

/** 'Showing 6 to 10 of 23' */
export function paginationText(page: number, limit: number, total: number): string {
  const { from, to } = showingRange(page, limit, total);
  return `Showing ${from} to ${to} of ${Math.max(0, total)}`;
}

/** 'Page 2 of 5' */
export function pageOfText(page: number, totalPages: number): string {
  return `Page ${page} of ${Math.max(1, totalPages)}`;
}
