/** A purely decorative spinner: the text next to it carries the meaning for assistive tech. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
