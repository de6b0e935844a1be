import { createActor, fromPromise, waitFor } from 'xstate';
import type { DownloadedFile } from '../../api/download';
import { NO_FILTERS, type AuditFilters } from './audit-api';
import { changeSummary } from './audit-change';
import { AUDIT_UI } from './audit-copy';
import { auditExportMachine, auditFilterMachine } from './audit-machines';

describe('audit filter machine', () => {
  const start = (filters?: AuditFilters) => {
    const applied: AuditFilters[] = [];
    const actor = createActor(auditFilterMachine.provide({ actions: { apply: ({ context }) => applied.push(context.draft) } }), { input: filters ? { filters } : undefined }).start();
    return { actor, applied };
  };

  it('applies the trimmed draft, and nothing while the day range runs backwards (named at From)', () => {
    const { actor, applied } = start();
    actor.send({ type: 'CHANGE', field: 'person', value: '  asha ' });
    actor.send({ type: 'CHANGE', field: 'from', value: '2026-03-05' });
    actor.send({ type: 'CHANGE', field: 'to', value: '2026-03-01' });
    actor.send({ type: 'APPLY' });
    expect(applied).toEqual([]);
    expect(actor.getSnapshot().context.problems).toEqual({ from: AUDIT_UI.rangeBackwards });
    actor.send({ type: 'CHANGE', field: 'to', value: '2026-03-09' });
    expect(actor.getSnapshot().context.problems).toEqual({});
    actor.send({ type: 'APPLY' });
    expect(applied).toEqual([{ ...NO_FILTERS, person: 'asha', from: '2026-03-05', to: '2026-03-09' }]);
  });

  it('starts from the filters in the address, follows them when they change, and clears to none', () => {
    const inAddress = { ...NO_FILTERS, action: 'leave.decide' };
    const { actor, applied } = start(inAddress);
    expect(actor.getSnapshot().context.draft).toEqual(inAddress);
    actor.send({ type: 'EDIT', filters: { ...NO_FILTERS, entity: 'user' } });
    expect(actor.getSnapshot().context.draft.entity).toBe('user');
    actor.send({ type: 'CLEAR' });
    expect(applied).toEqual([NO_FILTERS]);
    expect(actor.getSnapshot().context.draft).toEqual(NO_FILTERS);
  });
});

describe('audit export machine', () => {
  const file: DownloadedFile = { url: 'blob:x', filename: 'audit-log.csv' };
  it('fetches with the filters, saves the file, and ignores a second press meanwhile', async () => {
    const calls: AuditFilters[] = [];
    const saved: DownloadedFile[] = [];
    let release!: (f: DownloadedFile) => void;
    const actor = createActor(
      auditExportMachine.provide({
        actors: { fetchFile: fromPromise<DownloadedFile, AuditFilters>(({ input }) => (calls.push(input), new Promise((r) => (release = r)))) },
        actions: { save: (_, f) => saved.push(f) },
      }),
    ).start();
    const filters = { ...NO_FILTERS, entity: 'leave' };
    actor.send({ type: 'DOWNLOAD', request: filters });
    await waitFor(actor, (s) => s.matches('downloading'));
    actor.send({ type: 'DOWNLOAD', request: filters });
    expect(calls).toEqual([filters]);
    release(file);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saved).toEqual([file]);
    expect(actor.getSnapshot().context.saved).toEqual(file);
  });

  it("shows the server's reason when the export is refused", async () => {
    const actor = createActor(
      auditExportMachine.provide({ actors: { fetchFile: fromPromise<DownloadedFile, AuditFilters>(() => Promise.reject({ status: 429, data: { msg: 'Too many downloads' } })) } }),
    ).start();
    actor.send({ type: 'DOWNLOAD', request: NO_FILTERS });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(`${AUDIT_UI.exportFailed}Too many downloads`);
  });
});

describe('change summary', () => {
  it.each([
    [{ salary: 50000, name: 'A' }, { salary: 60000, name: 'A' }, 'salary: 50000 → 60000'],
    [null, { email: 'a@example.com', role: 'admin' }, 'email: a@example.com; role: admin'],
    [{ active: true }, { active: false }, 'active: true → false'],
    [null, null, ''],
    ['pending', 'approved', 'pending → approved'],
  ])('%j → %j reads "%s"', (before, after, text) => {
    expect(changeSummary(before, after)).toBe(text);
  });
  it('stops long changes with an ellipsis', () => {
    expect(changeSummary(null, { note: 'x'.repeat(500) })).toHaveLength(240);
  });
});
