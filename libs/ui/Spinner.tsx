/** A spinning ring with a label for screen readers; `page` centres it in the viewport. */
export function Spinner({ label, page }: { label: string; page?: boolean }) {
  return (
    <div className={page ? 'spinner-page' : 'spinner-wrap'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
