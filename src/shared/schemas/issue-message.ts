/**
 * How a schema's complaint reads to a person, on both sides: the server's 400 `{msg}` and the
 * client's form check word it the same way, so a form says before sending what the server would.
 */

/** Our schema messages name their field ("New password must be..."); only zod's generic ones need it added. */
const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const mentions = (message: string, field: string) => letters(message).includes(letters(field.split('.').pop()!));

/** `field` is the issue's path joined with dots ('' for the whole value). */
export const issueMessage = (field: string, message: string): string =>
  field && !mentions(message, field) ? `${field}: ${message}` : message;
