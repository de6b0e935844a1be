/**
 * The audit log as CSV, with the screen's filters: one line per entry, newest first, times on the
 * company's clock (the zone named in the header), before and after as JSON. Every cell passes the
 * shared formula guard (csv-text.ts), since names, emails and recorded values are user input.
 */
import type { Kysely } from 'kysely';
import { csvText, type CsvValue } from '../../../shared/csv-text';
import type { AuditFilter } from '../../../shared/schemas/audit';
import type { DB } from '../../db/schema';
import { filteredEntries, type AuditListFilter } from './audit-repository';

// Read in pages by id, so a 100,000-entry export never holds one huge result set in the driver.
const PAGE = 2000;

/** The UTC instant at which `date` (YYYY-MM-DD) begins in `timeZone`. */
export function startOfDayIn(date: string, timeZone: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const offsetAt = (ms: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(new Date(ms))
        .map((p) => [p.type, p.value]),
    );
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - ms;
  };
  // Twice: the offset at the first guess can differ from the one at the answer across a DST change.
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

/** The screen's filters as the repository takes them: the day range as instants in the company's zone. */
export function toListFilter(q: AuditFilter, timeZone: string): AuditListFilter {
  const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    person: q.person,
    action: q.action,
    entity: q.entity,
    since: q.from ? startOfDayIn(q.from, timeZone).toISOString() : undefined,
    until: q.to ? startOfDayIn(nextDay(q.to), timeZone).toISOString() : undefined,
  };
}

/**
 * "YYYY-MM-DD HH:MM:SS" on the company's clock. One formatter per export, and its answer kept per
 * minute (a zone's offset changes only on a whole minute): building and running Intl formatters
 * for each of 100,000 entries took most of the export's time.
 */
function localStamper(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const minutes = new Map<string, string>();
  return (iso) => {
    const minute = iso.slice(0, 16);
    let local = minutes.get(minute);
    if (local === undefined) {
      const p: Record<string, string> = {};
      for (const part of format.formatToParts(new Date(`${minute}:00.000Z`))) p[part.type] = part.value;
      local = `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
      minutes.set(minute, local);
    }
    return `${local}:${iso.slice(17, 19)}`;
  };
}

/** The whole filtered log as one CSV file; before and after go out as stored (JSON text). */
export async function auditCsv(db: Kysely<DB>, filter: AuditListFilter, timeZone: string): Promise<string> {
  const rows: CsvValue[][] = [];
  const localStamp = localStamper(timeZone);
  let before: number | undefined;
  for (;;) {
    let query = filteredEntries(db, filter).limit(PAGE);
    if (before !== undefined) query = query.where('audit_log.id', '<', before);
    const page = await query.execute();
    for (const e of page) {
      rows.push([localStamp(e.at), e.actor_id === null ? 'System' : (e.actor_name ?? ''), e.actor_email ?? '', e.action, e.entity, e.entity_id ?? '', e.before_json ?? '', e.after_json ?? '']);
    }
    if (page.length < PAGE) break;
    before = page.at(-1)!.id;
  }
  return csvText([`When (${timeZone})`, 'Person', 'Email', 'Action', 'Entity', 'Record', 'Before', 'After'], rows);
}
