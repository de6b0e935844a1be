/** The router's fatal error screen: shows the error text (product.md, Screens) instead of a blank page. */
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { TITLES } from '../copy';

export function RouteError() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="centered">
      <section className="card" role="alert">
        <h1>{TITLES.appError}</h1>
        <p>{text}</p>
      </section>
    </main>
  );
}
