import { createActor, fromPromise, waitFor } from 'xstate';
import type { PayrollApprovalAnswer } from '../../../shared/schemas/payroll-approval';
import type { ConfirmQuestion, FlowResult } from '../../flows/row-action-machine';
import { APPROVAL_UI, payrollApprovalMachine } from './payroll-approval-machine';
import type { ApprovalOverride } from './payroll-register-api';

const approved: PayrollApprovalAnswer = { msg: 'October 2026 approved and locked: 1,024 salary slips to email', runId: '7', version: 1, changed: 1024, unchanged: 0 };
const rerun: PayrollApprovalAnswer = { msg: 'October 2026 re-run: 1 salary slip changed and will be emailed; 1,023 unchanged slips not sent again', runId: '8', version: 2, changed: 1, unchanged: 1023 };
const refusal = (status: number, msg: string) => Promise.reject({ status, data: { msg } });

function start({ answer = true, approve = () => Promise.resolve(approved), rerunAnswer = () => Promise.resolve(rerun) }: { answer?: boolean; approve?: () => Promise<PayrollApprovalAnswer>; rerunAnswer?: () => Promise<PayrollApprovalAnswer> } = {}) {
  const questions: ConfirmQuestion[] = [];
  const approvals: { month: string; overrides: ApprovalOverride[] }[] = [];
  const reruns: { month: string; reason: string; previewHash?: string }[] = [];
  const told: FlowResult[] = [];
  const logic = payrollApprovalMachine.provide({
    actors: {
      confirm: fromPromise<boolean, ConfirmQuestion>(async ({ input }) => (questions.push(input), answer)),
      approve: fromPromise<PayrollApprovalAnswer, { month: string; overrides: ApprovalOverride[] }>(({ input }) => (approvals.push(input), approve())),
      rerun: fromPromise<PayrollApprovalAnswer, { month: string; reason: string; previewHash?: string }>(({ input }) => (reruns.push(input), rerunAnswer())),
    },
    actions: { notify: (_, result) => void told.push(result) },
  });
  const actor = createActor(logic).start();
  const settled = () => waitFor(actor, (s) => s.matches('idle') || s.matches('rerunDialog'), { timeout: 5_000 });
  return { actor, questions, approvals, reruns, told, settled };
}

describe('payroll approval machine', () => {
  it('asks before approving, then approves the month and tells the server msg', async () => {
    const { actor, questions, approvals, told, settled } = start();
    actor.send({ type: 'APPROVE', month: '2026-10', label: 'October 2026', employees: 1024 });
    await settled();
    expect(questions).toEqual([
      { title: 'Approve October 2026?', message: expect.stringContaining('locks October 2026 and emails 1,024 salary slips'), confirmLabel: APPROVAL_UI.confirmLabel },
    ]);
    expect(approvals).toEqual([{ month: '2026-10', overrides: [] }]);
    expect(told).toEqual([{ tone: 'success', message: approved.msg }]);
  });

  it('approves with the overrides given, says so, and says when slips wait for release', async () => {
    const { actor, questions, approvals, settled } = start();
    const overrides = [{ kind: 'missing-bank' as const, reason: 'Paid by cheque' }];
    actor.send({ type: 'APPROVE', month: '2026-10', label: 'October 2026', employees: 3, hold: true, overrides, overridden: 2 });
    await settled();
    expect(questions[0]!.message).toBe(
      'This stores the register as approved and locks October 2026. The 3 salary slips wait until you have paid the bank file and release them. ' +
        '2 blocking warnings are approved anyway with your reason (kept in the audit log). After this, slips change only by a re-run with a reason.',
    );
    expect(questions[0]!.confirmLabel).toBe(APPROVAL_UI.confirmHoldLabel);
    expect(approvals).toEqual([{ month: '2026-10', overrides }]);
  });

  it('sends nothing when the question is cancelled', async () => {
    const { actor, approvals, told, settled } = start({ answer: false });
    actor.send({ type: 'APPROVE', month: '2026-10', label: 'October 2026', employees: 3 });
    await settled();
    expect(approvals).toEqual([]);
    expect(told).toEqual([]);
  });

  it("tells the server's refusal of a second approval as an error", async () => {
    const { actor, told, settled } = start({ approve: () => refusal(409, 'October 2026 is approved and locked (approved on 2026-11-15 by Admin)') });
    actor.send({ type: 'APPROVE', month: '2026-10', label: 'October 2026', employees: 3 });
    await settled();
    expect(told).toEqual([{ tone: 'error', message: 'Error approving the payroll register: October 2026 is approved and locked (approved on 2026-11-15 by Admin)' }]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('re-runs only with a reason of 3 to 500 characters, trimmed', async () => {
    const { actor, reruns, told, settled } = start();
    actor.send({ type: 'OPEN_RERUN', month: '2026-10' });
    actor.send({ type: 'SUBMIT_RERUN' });
    expect(actor.getSnapshot().value).toBe('rerunDialog');
    expect(actor.getSnapshot().context.error).toBe(APPROVAL_UI.reasonProblem);
    actor.send({ type: 'REASON', value: ' ab ' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'SUBMIT_RERUN' });
    expect(actor.getSnapshot().context.error).toBe(APPROVAL_UI.reasonProblem);
    actor.send({ type: 'REASON', value: 'x'.repeat(501) });
    actor.send({ type: 'SUBMIT_RERUN' });
    expect(reruns).toEqual([]);

    actor.send({ type: 'REASON', value: '  Salary revised for EMP0002  ' });
    actor.send({ type: 'SUBMIT_RERUN' });
    expect(actor.getSnapshot().value).toBe('rerunning');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(reruns).toEqual([{ month: '2026-10', reason: 'Salary revised for EMP0002' }]);
    expect(told).toEqual([{ tone: 'success', message: rerun.msg }]);
    await settled();
  });

  it("keeps the dialog and the reason open with the server's refusal, and closes on Cancel", async () => {
    const { actor, told } = start({ rerunAnswer: () => refusal(409, 'A payroll run for October 2026 is still sending slips (run 7); try again once it is done') });
    actor.send({ type: 'OPEN_RERUN', month: '2026-10' });
    actor.send({ type: 'REASON', value: 'Arrears' });
    actor.send({ type: 'SUBMIT_RERUN' });
    await waitFor(actor, (s) => s.matches('rerunDialog'));
    expect(actor.getSnapshot().context).toMatchObject({
      reason: 'Arrears',
      error: 'Error re-running the month: A payroll run for October 2026 is still sending slips (run 7); try again once it is done',
    });
    expect(told).toEqual([]);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
