/** The frame of the public account pages: a centred card with its title, and the way back to login. */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LABELS } from '../../copy';
import { Banner } from '../../components/banner';
import { PATHS } from '../../config/paths';

export function PublicCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <main className="centered">
      <section className="card card--narrow" aria-labelledby={id}>
        <h1 id={id}>{title}</h1>
        {children}
        <p className="card__footer">
          <Link to={PATHS.login}>{LABELS.backToLogin}</Link>
        </p>
      </section>
    </main>
  );
}

/** A public page opened from a mailed link (?token=...): the form for that token, or `invalid` without one. */
export function LinkCard(props: { id: string; title: string; invalid: string; children: (linkToken: string) => ReactNode }) {
  const [params] = useSearchParams();
  const linkToken = params.get('token') ?? '';
  return (
    <PublicCard id={props.id} title={props.title}>
      {linkToken ? props.children(linkToken) : <Banner tone="error">{props.invalid}</Banner>}
    </PublicCard>
  );
}
