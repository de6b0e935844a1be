/**
 * Figure 16, the Audit log screen's reads at 100,000 entries: the log is topped up to that many
 * entries (spread over a year, by the seeded admin and employees, across a dozen actions), then
 * - the first page and a page deep in the log (`?before=` half-way), 100 entries each;
 * - a page filtered by a rare action, by a person (part of a name), and by one week;
 * - the CSV export of the whole log.
 * Each read is timed at the client on localhost (server time plus a localhost round trip), median
 * of a few after one warm-up read.
 */
import { recordAuditMany } from '../../server/modules/audit';
import type { AuditEntry } from '../../server/audit';
import { int, ms, type EngineSetting, type FigureResult, type FigureRow } from '../bench-types';
import { withBenchDatabase } from '../bench-database';

export const AUDIT_ENTRIES = 100_000;
const READS = 5;
const PAGE_TARGET_MS = 100;
const EXPORT_TARGET_MS = 10_000;
const ACTIONS = ['employee.update', 'employee.create', 'leave.decide', 'leave.request', 'attendance.correct', 'task.assign', 'task.status', 'payroll.approve', 'salary.revise', 'company.update', 'holiday.add', 'admin.invite'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(url: string, token: string): Promise<{ ms: number; status: number; bytes: number; body: string }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'x-auth-token': token } });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, bytes: Buffer.byteLength(body), body };
}

/** Adds entries until the log holds AUDIT_ENTRIES; returns how many it holds and the id half-way down. */
async function fillLog(s: EngineSetting): Promise<{ count: number; middleId: number; middleAt: string; personName: string }> {
  return withBenchDatabase(s, async ({ db }) => {
    const count = async () => Number((await db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const have = await count();
    const actors = (await db.selectFrom('users').select(['id', 'name']).orderBy('id').limit(200).execute());
    const start = Date.parse(`${s.seed.until}T00:00:00Z`) - 365 * 86_400_000;
    for (let done = have; done < AUDIT_ENTRIES; ) {
      const n = Math.min(10_000, AUDIT_ENTRIES - done);
      const batch: AuditEntry[] = Array.from({ length: n }, (_, i) => {
        const k = done + i;
        // The last action is rare: one entry in a thousand.
        const action = k % 1000 === 0 ? ACTIONS.at(-1)! : ACTIONS[k % (ACTIONS.length - 1)]!;
        return { actorId: actors[k % actors.length]!.id, action, entity: action.split('.')[0]!, entityId: String(k), before: { value: k - 1 }, after: { value: k } };
      });
      // One timestamp per batch; ten batches spread over the year.
      await recordAuditMany(db, batch, new Date(start + Math.floor((done / AUDIT_ENTRIES) * 365) * 86_400_000));
      done += n;
    }
    const total = await count();
    const middle = await db.selectFrom('audit_log').select(['id', 'at']).orderBy('id', 'desc').offset(Math.floor(total / 2)).limit(1).executeTakeFirstOrThrow();
    return { count: total, middleId: middle.id, middleAt: middle.at, personName: actors[7]!.name };
  });
}

export async function measureAuditLog(s: EngineSetting): Promise<FigureResult> {
  const base = `${s.server.url}/api/audit`;
  const { count, middleId, middleAt, personName } = await fillLog(s);
  // The week that holds the entry half-way down, so the filter has entries to find.
  const weekFrom = middleAt.slice(0, 10);
  const weekTo = new Date(Date.parse(`${weekFrom}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  const reads: [id: string, label: string, url: string][] = [
    ['audit.first-page', 'first page (100 newest)', `${base}?limit=100`],
    ['audit.deep-page', 'a page half-way down (?before=)', `${base}?limit=100&before=${middleId}`],
    ['audit.rare-action', `a page filtered by a rare action (1 in 1,000)`, `${base}?limit=100&action=${ACTIONS.at(-1)}`],
    ['audit.person', 'a page filtered by person (part of a name)', `${base}?limit=100&person=${encodeURIComponent(personName.slice(0, 8))}`],
    ['audit.week', 'a page filtered by one week', `${base}?limit=100&from=${weekFrom}&to=${weekTo}`],
  ];
  const raw: Record<string, object> = {};
  const rows: FigureRow[] = [];
  for (const [id, label, url] of reads) {
    await timed(url, s.adminToken);
    const runs = [];
    for (let i = 0; i < READS; i++) runs.push(await timed(url, s.adminToken));
    const value = median(runs.map((r) => r.ms));
    const ok = runs.every((r) => r.status === 200);
    raw[id] = { ms: runs.map((r) => r.ms), entries: ok ? (JSON.parse(runs[0]!.body) as unknown[]).length : 0 };
    rows.push({
      id,
      group: 16,
      label: `Audit log at ${int(count)} entries, GET /api/audit: ${label}, median of ${READS}`,
      value: ms(value),
      floor: '—',
      ratio: null,
      target: `< ${PAGE_TARGET_MS} ms`,
      pass: ok && value < PAGE_TARGET_MS,
      note: `${(raw[id] as { entries: number }).entries} entries, ${(runs[0]!.bytes / 1024).toFixed(0)} KB`,
    });
  }
  const exported = await timed(`${base}/export`, s.adminToken);
  const lines = exported.body.split('\r\n').length - 2;
  raw['audit.export'] = { ms: exported.ms, bytes: exported.bytes, lines };
  rows.push({
    id: 'audit.export',
    group: 16,
    label: `Audit log CSV export of all ${int(count)} entries, GET /api/audit/export`,
    value: ms(exported.ms),
    floor: '—',
    ratio: null,
    target: `< ${EXPORT_TARGET_MS / 1000} s`,
    pass: exported.status === 200 && lines === count && exported.ms < EXPORT_TARGET_MS,
    note: `${int(lines)} lines, ${(exported.bytes / 1024 / 1024).toFixed(1)} MB`,
  });
  return { rows, raw };
}
