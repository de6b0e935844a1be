/**
 * POST /api/attendance/punches/import: a punch file goes through the same path as a device's push
 * (storePunches): kept raw once, filed by shift, held for review when it must be, merged into days.
 * The same file twice adds nothing. Answers every import's shape, with `?dryRun=true`.
 */
import type { ImportAnswer } from '../../../shared/schemas/import';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import type { KeptRow } from '../../imports/import-report';
import { runImport } from '../../imports/import-run';
import type { PunchFileRow } from './punch-file';
import { storePunches } from './punch-store';

const CHUNK = 500;

export function createPunchImport(ctx: AppContext) {
  return async (caller: Caller, rows: readonly PunchFileRow[], opts: { dryRun: boolean; fileName: string }): Promise<ImportAnswer> => {
    const failed: KeptRow[] = rows.filter((r) => r.problem).map((r) => ({ row: r.row, employeeId: r.employeeId ?? null, result: 'failed', error: r.problem }));
    return runImport(
      ctx,
      { kind: 'punches', actorId: caller.userId, fileName: opts.fileName, mode: 'add', dryRun: opts.dryRun, atomic: false },
      failed,
      async (trx) => {
        const good = rows.filter((r) => !r.problem);
        const codes = [...new Set(good.map((r) => r.employeeId).filter((c): c is string => !!c))];
        const byCode = new Map<string, number>();
        for (let i = 0; i < codes.length; i += CHUNK) {
          for (const e of await trx.selectFrom('employees').select(['user_id', 'employee_id']).where('employee_id', 'in', codes.slice(i, i + CHUNK)).execute()) byCode.set(e.employee_id, Number(e.user_id));
        }
        const out: KeptRow[] = [];
        const ready: PunchFileRow[] = [];
        for (const r of good) {
          if (r.employeeId && !byCode.has(r.employeeId)) out.push({ row: r.row, employeeId: r.employeeId, result: 'failed', error: `employeeId: no employee ${r.employeeId}` });
          else ready.push(r);
        }
        const now = ctx.now();
        const outcome = await storePunches(
          trx,
          ctx.database.dialect,
          {
            source: 'file',
            timeZone: ctx.config.timeZone,
            dayZone: ctx.config.timeZone,
            punches: ready.map((r) => ({ pin: r.employeeId ? null : r.pin!, ...(r.employeeId ? { userId: byCode.get(r.employeeId)! } : {}), sentTime: r.sentTime!, status: r.status ?? null })),
            receivedAt: now,
          },
          now,
        );
        ready.forEach((r, i) => {
          const state = outcome.states[i]!;
          out.push({ row: r.row, employeeId: r.employeeId ?? (r.pin ? `PIN ${r.pin}` : null), result: state === 'duplicate' ? 'unchanged' : 'added', ...(state === 'quarantined' || state === 'unmapped' ? { error: state === 'unmapped' ? 'kept: no employee has this PIN yet' : 'kept for review' } : {}) });
        });
        return out;
      },
      (kept, outcome) => {
        const added = kept.filter((r) => r.result === 'added').length;
        const failedN = kept.filter((r) => r.result === 'failed').length;
        const what = `${added} punch${added === 1 ? '' : 'es'}${failedN ? `, ${failedN} row${failedN === 1 ? '' : 's'} failed` : ''}`;
        return outcome === 'dry-run' ? `Would import ${what}` : `Imported ${what}`;
      },
    );
  };
}
