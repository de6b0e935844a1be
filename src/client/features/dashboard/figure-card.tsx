/** One figure of a dashboard's top row: a label, a big number or word, a note; a link to its screen. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export type FigureTone = 'neutral' | 'present' | 'leave' | 'pending' | 'tasks' | 'payroll';

interface FigureCardProps {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  tone?: FigureTone;
  /** The screen behind the figure; the whole card is the link. */
  to?: string;
  /** A control of its own instead of a link (a card may not nest one interactive element in another). */
  action?: ReactNode;
}

export function FigureCard({ label, value, note, tone = 'neutral', to, action }: FigureCardProps) {
  const body = (
    <>
      <span className="figure__label">{label}</span>
      <span className="figure__value">{value}</span>
      {note && <span className="figure__note">{note}</span>}
    </>
  );
  return (
    <li className={`figure figure--${tone}`}>
      {to ? (
        <Link className="figure__body figure__link" to={to}>
          {body}
        </Link>
      ) : (
        <div className="figure__body">
          {body}
          {action && <div className="figure__action">{action}</div>}
        </div>
      )}
    </li>
  );
}
