/** Label and value pairs as a definition list; the caller's class lays them out (a two-column grid, spec cards). */
export function FactList({ className, rows }: { className: string; rows: readonly (readonly [label: string, value: string])[] }) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
