/**
 * A table that scrolls on its own when it is wider (or, with a class, taller) than its place: a
 * focusable, labelled region around a table whose caption says the same for screen readers. The
 * payroll panels' tables (batches, a re-run's changes, the register and its sections) share it.
 */
import type { ReactNode } from 'react';
import { ColumnHeads } from './column-heads';

export function ScrollTable({ label, className, tableClassName, caption = true, children }: { label: string; className?: string; tableClassName?: string; caption?: boolean; children: ReactNode }) {
  return (
    <div className={className ? `table-scroll ${className}` : 'table-scroll'} tabIndex={0} role="region" aria-label={label}>
      <table className={tableClassName ? `table ${tableClassName}` : 'table'}>
        {caption && <caption className="visually-hidden">{label}</caption>}
        {children}
      </table>
    </div>
  );
}

/**
 * A list in the same scrolling region, named by the region alone (no caption): a head row of plain
 * column names over `children`, the body's rows. The devices', punches' and admins' lists.
 */
export function RegionTable({ label, tableClassName, heads, children }: { label: string; tableClassName: string; heads: readonly string[]; children: ReactNode }) {
  return (
    <ScrollTable label={label} tableClassName={tableClassName} caption={false}>
      <ColumnHeads names={heads} />
      <tbody>{children}</tbody>
    </ScrollTable>
  );
}
