/**
 * Paging row: a text ('Page 2 of 5', 'Showing 6 to 10 of 23': the caller picks) and Previous / Next
 * buttons, disabled at the ends.
 */
export function PageNav({
  page,
  totalPages,
  text,
  onPage,
  previousLabel,
  nextLabel,
}: {
  page: number;
  totalPages: number;
  text: string;
  onPage: (page: number) => void;
  previousLabel: string;
  nextLabel: string;
}) {
  return (
    <div className="pagination">
      <p className="small" data-testid="pagination-text">
        {text}
      </p>
      <div className="row">
        <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {previousLabel}
        </button>
        <button type="button" className="btn btn-outline btn-sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          {nextLabel}
        </button>
      </div>
    </div>
  );
}
