/**
 * Deploy-time settings read from <meta> tags in index.html: the strict CSP forbids inline scripts,
 * so a server that needs to change them rewrites the tag's content instead of injecting JS.
 */
import { isTimeZone } from '../../shared/format';

export type EmployeeLoginMode = 'password' | 'email-only';

export interface RuntimeConfig {
  /** Backend origin; '' means the page's own origin (the default single-process deployment). */
  apiHost: string;
  /** Mirrors the server's EMPLOYEE_LOGIN; only 'email-only' hides the employee password field. */
  employeeLogin: EmployeeLoginMode;
  /** The company's zone (server's APP_TIMEZONE): attendance "today" is its day, not the viewer's. */
  timeZone: string | undefined;
}

const meta = (doc: Document | undefined, name: string): string | null =>
  doc?.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;

/** Reads the settings from `doc` (the page by default); missing tags mean the defaults. */
export function readRuntimeConfig(doc: Document | undefined = globalThis.document): RuntimeConfig {
  const apiHost = (meta(doc, 'hr-portal-api-host') ?? '').trim().replace(/\/+$/, '');
  const employeeLogin = meta(doc, 'hr-portal-employee-login') === 'email-only' ? 'email-only' : 'password';
  const timeZone = meta(doc, 'hr-portal-timezone')?.trim() || undefined;
  return { apiHost, employeeLogin, timeZone: timeZone && isTimeZone(timeZone) ? timeZone : undefined };
}
