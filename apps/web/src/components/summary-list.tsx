import type { ReactNode } from 'react';

/** A label → value list (the 'Dados' of a record, an answer's evidence): each row a term and its value. */
export function SummaryList({ rows, className = '' }: { rows: Array<[string, ReactNode]>; className?: string }) {
  return (
    <dl className={`summary-list mb-0 ${className}`.trim()}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
