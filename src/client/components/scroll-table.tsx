/**
 * A table that scrolls on its own when it is wider (or, with a class, taller) than its place: a
 * focusable, labelled region around a table whose caption says the same for screen readers. The
 * payroll panels' tables (batches, a re-run's changes, the register and its sections) share it.
 */
import type { ReactNode } from 'react';

export function ScrollTable({ label, className, tableClassName, children }: { label: string; className?: string; tableClassName?: string; children: ReactNode }) {
  return (
    <div className={className ? `table-scroll ${className}` : 'table-scroll'} tabIndex={0} role="region" aria-label={label}>
      <table className={tableClassName ? `table ${tableClassName}` : 'table'}>
        <caption className="visually-hidden">{label}</caption>
        {children}
      </table>
    </div>
  );
}
