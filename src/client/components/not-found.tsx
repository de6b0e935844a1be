/** Shown for any route the app does not know, inside a dashboard frame or on its own. */
import { Link } from 'react-router-dom';
import { LABELS, MSG, TITLES } from '../copy';
import { PATHS } from '../config/paths';

/** `standalone` adds a way back to login, which a dashboard frame already offers through its menu. */
export function NotFound({ standalone = false }: { standalone?: boolean }) {
  const body = (
    <section className="card" aria-labelledby="not-found-title">
      <h2 id="not-found-title">{TITLES.notFound}</h2>
      <p>{MSG.pageNotFound}</p>
      {standalone && <Link to={PATHS.login}>{LABELS.backToLogin}</Link>}
    </section>
  );
  return standalone ? <main className="centered">{body}</main> : body;
}
