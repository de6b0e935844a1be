/**
 * The register grid: a real <table> with the employee column and the header row sticky, one narrow
 * column per day and the totals at the end. Its body renders only the rows in view (virtualized
 * with @tanstack/react-virtual); every row is one line of fixed height, so no row is measured.
 */
import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RegisterPage, RegisterRowJson } from '../../../shared/schemas/attendance-register';
import { observeViewport, SpacerRow, windowPadding } from '../../components/virtual-rows';
import type { ChosenDay } from './day-edit-dialog';
import { REGISTER_UI as UI } from './register-copy';

/** A row's height in px: one line of the 0.8125rem text plus padding (register.css). */
export const REGISTER_ROW_PX = 36;
const OVERSCAN = 8;

/** The CSS class of a day code: its family (P, HD, L, HL, A, H, WO, before joining, not over). */
export function codeClass(code: string): string {
  if (code === '') return 'reg-code reg-code--open';
  if (code === '–') return 'reg-code reg-code--before';
  if (code.startsWith('HL-')) return 'reg-code reg-code--half-leave';
  if (code.startsWith('L-')) return 'reg-code reg-code--leave';
  return `reg-code reg-code--${code.toLowerCase()}`;
}

const formatDays = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** A totals column: its short header, the header's long name, and a row's figure. */
interface TotalColumn {
  key: string;
  label: string;
  title: string;
  value: (r: RegisterRowJson) => string | number;
  /** The cell's own tooltip (what the late marks cost). */
  note?: (r: RegisterRowJson) => string | undefined;
  /** Marks a figure that costs pay (loss of pay). */
  flagged?: (r: RegisterRowJson) => boolean;
}

/** Overtime minutes as h:mm (100 → 1:40); none is a dash. */
const overtime = (minutes: number) => (minutes ? `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}` : '–');

/** The totals after the days, in the register's order: P, HD, each leave type, late marks, overtime, LOP, paid days. */
const totalColumns = (page: RegisterPage): TotalColumn[] => [
  { key: 'p', label: UI.totalPresent, title: UI.totalPresentLong, value: (r) => r.totals.present },
  { key: 'hd', label: UI.totalHalf, title: UI.totalHalfLong, value: (r) => r.totals.halfDays },
  ...page.leaveTypes.map((t) => ({ key: `l-${t.code}`, label: t.code, title: UI.leaveTotal(t.name), value: (r: RegisterRowJson) => formatDays(r.totals.leave[t.code] ?? 0) })),
  {
    key: 'late',
    label: UI.totalLate,
    title: UI.totalLateLong,
    value: (r) => r.totals.lateMarks,
    note: (r) => (r.totals.lateMarkLop ? UI.lateMarkLop(r.totals.lateMarkLop) : undefined),
  },
  { key: 'ot', label: UI.totalOvertime, title: UI.totalOvertimeLong, value: (r) => overtime(r.overtimeMinutes) },
  { key: 'lop', label: UI.totalLop, title: UI.totalLopLong, value: (r) => r.totals.lop, flagged: (r) => r.totals.lop > 0 },
  { key: 'paid', label: UI.totalPaid, title: UI.totalPaidLong, value: (r) => r.totals.paidDays },
];

interface RegisterTableProps {
  page: RegisterPage;
  labelledBy: string;
  /** Opens a day to set it by hand; days not yet over and days before joining have none. */
  onDay?: (day: ChosenDay) => void;
}

/** A day can be set by hand once it is over and inside the employment. */
const settable = (code: string) => code !== '' && code !== '–';

export function RegisterTable({ page, labelledBy, onDay }: RegisterTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = page.rows;
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => REGISTER_ROW_PX,
    getItemKey: (index) => rows[index]!.employeeId,
    overscan: OVERSCAN,
    observeElementRect: observeViewport,
  });
  const items = virtualizer.getVirtualItems();
  const totals = totalColumns(page);
  const columnCount = 1 + page.days.length + totals.length;
  const padding = windowPadding(virtualizer, items);
  return (
    <div ref={scrollRef} className="register-scroll" tabIndex={0} role="region" aria-label={UI.region(page.monthLabel)}>
      <table className="register-table" aria-labelledby={labelledBy} aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="reg-employee">
              {UI.columnEmployee}
            </th>
            {page.days.map((d) => (
              <th key={d.date} scope="col" className={`reg-day reg-day--${d.kind}`} title={d.date}>
                <span className="reg-day__n">{Number(d.date.slice(8))}</span>
                <span className="reg-day__w">{UI.weekdays[d.weekday]}</span>
              </th>
            ))}
            {totals.map((c) => (
              <th key={c.key} scope="col" className="reg-total" title={c.title}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <SpacerRow height={padding.top} colSpan={columnCount} className="table__spacer" />
          {items.map((item) => {
            const r = rows[item.index]!;
            return (
              <tr key={item.key} data-index={item.index} aria-rowindex={item.index + 2}>
                <th scope="row" className="reg-employee" title={`${r.name} (${r.employeeId}), ${r.email}`}>
                  <span className="reg-employee__name">{r.name}</span>
                  <span className="reg-employee__id">{r.employeeId}</span>
                </th>
                {r.codes.map((code, i) => (
                  <td key={i} className={codeClass(code)}>
                    {onDay && settable(code) ? (
                      <button type="button" className="reg-code__set" aria-label={UI.dayButton(r.name, page.days[i]!.date, code)} onClick={() => onDay({ employeeId: r.employeeId, name: r.name, date: page.days[i]!.date, code })}>
                        {code}
                      </button>
                    ) : (
                      code
                    )}
                  </td>
                ))}
                {totals.map((c) => (
                  <td key={c.key} className={c.flagged?.(r) ? 'reg-total reg-total--lop' : 'reg-total'} title={c.note?.(r)}>
                    {c.value(r)}
                  </td>
                ))}
              </tr>
            );
          })}
          <SpacerRow height={padding.bottom} colSpan={columnCount} className="table__spacer" />
        </tbody>
      </table>
    </div>
  );
}
