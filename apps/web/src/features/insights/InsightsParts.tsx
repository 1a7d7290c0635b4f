import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';

/** The insights page's building blocks: a titled card, figure tiles and a captioned table. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id} className="insights__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Tiles({ figures }: { figures: readonly (readonly [string, number | string])[] }) {
  const { i18n } = useLingui();
  return (
    <dl className="insights__tiles">
      {figures.map(([label, value]) => (
        <div key={label} className="insights__tile">
          <dt>{label}</dt>
          <dd>{typeof value === 'number' ? i18n.number(value) : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}) {
  // Figures in the app's language (17.5, 17,5); the texts are the caller's.
  const { i18n } = useLingui();
  return (
    // A wide table scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <div className="insights__table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="insights__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column}>{typeof cell === 'number' ? i18n.number(cell) : cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
