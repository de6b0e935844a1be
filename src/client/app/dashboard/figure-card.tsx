/**
 * A dashboard's top row of figures (FigureRow) and one figure in it (FigureCard): a label, a big
 * number or word, a note; a link to its screen.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../shared/format';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { FIGURES_UI } from './dashboard-copy';
import './dashboard-figures.css';

/** A count as the figure shows it: '…' until it is known (null: known to be unknowable yet). */
export const figureCount = (n: number | null | undefined) => (n === null || n === undefined ? FIGURES_UI.pending : formatCount(n));

interface FigureRowProps {
  /** Id of the row's heading, which only screen readers hear. */
  titleId: string;
  title: string;
  className?: string;
  /** The figures' answer has arrived (the row is busy until then, unless it failed). */
  loaded: boolean;
  /** The answer's error when there is no answer to show; the row says so above the figures. */
  error: unknown;
  /** The cards, in reading order; each label is said once in a row. */
  figures: readonly FigureCardProps[];
}

export function FigureRow({ titleId, title, className, loaded, error, figures }: FigureRowProps) {
  const failed = Boolean(error) && !loaded;
  return (
    <section className={className ? `figures ${className}` : 'figures'} aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {title}
      </h2>
      {failed && <Banner tone="error">{FIGURES_UI.loadFailed(errorMessage(error, ''))}</Banner>}
      <ul className="figures__list" aria-busy={!loaded && !failed}>
        {figures.map((figure) => (
          <FigureCard key={figure.label} {...figure} />
        ))}
      </ul>
    </section>
  );
}

export type FigureTone = 'neutral' | 'present' | 'leave' | 'pending' | 'tasks' | 'payroll';

export interface FigureCardProps {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  tone?: FigureTone;
  /** The screen behind the figure; the whole card is the link. */
  to?: string;
  /** A control of its own instead of a link (a card may not nest one interactive element in another). */
  action?: ReactNode;
}

function FigureCard({ label, value, note, tone = 'neutral', to, action }: FigureCardProps) {
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
