import type { ReactNode } from 'react';

/** A column's heading: its words, with a class where the column has one. */
export type Column = string | { readonly label: string; readonly className: string };

/** A column of figures, aligned as figures are. */
export const numeric = (label: string): Column => ({ label, className: 'num' });

/**
 * A table of rows (the children) under one heading row, named for screen readers by a caption they alone
 * read (or by `label` where it has none), in a box that scrolls sideways when the columns do not fit. Where
 * the box scrolls a long table too, it takes the keyboard's focus and says what it holds (`scroll`).
 */
export function DataTable({
  caption,
  label,
  className,
  columns,
  scroll = true,
  foot,
  'data-testid': testId,
  children,
}: {
  readonly caption?: string;
  readonly label?: string;
  /** The table's own class, beside data-table. */
  readonly className?: string;
  readonly columns: readonly Column[];
  /** The box: none (false), a plain one (true), or one the keyboard reaches, named (a region, or a group where `group`). */
  readonly scroll?: boolean | { readonly label: string; readonly group?: boolean };
  /** Rows of totals under the others. */
  readonly foot?: ReactNode;
  readonly 'data-testid'?: string;
  readonly children: ReactNode;
}) {
  const table = (
    <table className={`data-table${className ? ` ${className}` : ''}`} aria-label={label} data-testid={testId}>
      {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c, i) =>
            typeof c === 'string' ? (
              <th scope="col" key={i}>
                {c}
              </th>
            ) : (
              <th scope="col" className={c.className} key={i}>
                {c.label}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      {foot !== undefined && <tfoot>{foot}</tfoot>}
    </table>
  );
  if (scroll === false) return table;
  if (scroll === true) return <div className="table-scroll">{table}</div>;
  return (
    <div className="table-scroll" tabIndex={0} role={scroll.group ? 'group' : 'region'} aria-label={scroll.label}>
      {table}
    </div>
  );
}
