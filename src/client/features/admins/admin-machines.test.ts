import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { adminInviteMachine, deactivateAdminMachine, type AdminInviteValues, type DeactivateInput } from './admin-machines';
import { ADMINS_UI } from './admins-copy';

function startInvite(answer: () => Promise<{ msg?: string }>) {
  const calls: AdminInviteValues[] = [];
  const actor = createActor(
    adminInviteMachine.provide({
      actors: {
        submit: fromPromise<{ msg?: string }, AdminInviteValues>(({ input }) => {
          calls.push(input);
          return answer();
        }),
      },
    }),
    { clock: new SimulatedClock() },
  ).start();
  const fill = (v: Partial<AdminInviteValues>) => Object.entries(v).forEach(([field, value]) => actor.send({ type: 'CHANGE', field: field as keyof AdminInviteValues, value: value! }));
  return { actor, calls, fill, settled: () => waitFor(actor, (s) => !s.matches('submitting'), { timeout: 15_000 }) };
}

describe('admin invitation machine', () => {
  it.each([
    [{ name: ' ', email: 'a@example.com' }, ADMINS_UI.nameRequired],
    [{ name: 'Asha', email: '' }, ADMINS_UI.emailRequired],
    [{ name: 'Asha', email: 'asha.example.com' }, ADMINS_UI.emailInvalid],
  ])('names what is wrong with %j and sends nothing', (values, problem) => {
    const { actor, calls, fill } = startInvite(() => Promise.resolve({ msg: 'x' }));
    fill(values);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe(problem);
    expect(calls).toHaveLength(0);
  });

  it('sends the trimmed invitation, then clears the form and shows the msg', async () => {
    const { actor, calls, fill, settled } = startInvite(() => Promise.resolve({ msg: 'Invitation sent to asha@example.com' }));
    fill({ name: ' Asha Rao ', email: ' asha@example.com ' });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(calls).toEqual([{ name: 'Asha Rao', email: 'asha@example.com' }]);
    expect(actor.getSnapshot().context).toMatchObject({ values: { name: '', email: '' }, message: 'Invitation sent to asha@example.com', error: null });
  });

  it("keeps what was typed and shows the server's msg when it refuses", async () => {
    const { actor, fill, settled } = startInvite(() => Promise.reject({ status: 409, data: { msg: 'An account with this email already exists' } }));
    fill({ name: 'Asha', email: 'asha@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context).toMatchObject({ values: { name: 'Asha', email: 'asha@example.com' }, error: 'An account with this email already exists' });
  });
});

describe('admin deactivation machine', () => {
  const priya: DeactivateInput = { id: '7', name: 'Priya', email: 'priya@example.com' };
  function start(answer: () => Promise<{ msg?: string }>) {
    const notified: string[] = [];
    const ran: DeactivateInput[] = [];
    const actor = createActor(
      deactivateAdminMachine.provide({
        actions: { notify: (_, r) => r && notified.push(`${r.tone}: ${r.message}`) },
        actors: {
          run: fromPromise(({ input }: { input: DeactivateInput }) => {
            ran.push(input);
            return answer();
          }),
        },
      }),
    ).start();
    return { actor, notified, ran };
  }

  it('asks first and does nothing on Cancel', () => {
    const { actor, ran } = start(() => Promise.resolve({ msg: 'ok' }));
    actor.send({ type: 'RUN', input: priya });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(ran).toHaveLength(0);
  });

  it("runs on Confirm and shows the server's msg; a refusal shows its reason", async () => {
    const ok = start(() => Promise.resolve({ msg: 'Priya can no longer sign in' }));
    ok.actor.send({ type: 'RUN', input: priya });
    ok.actor.send({ type: 'CONFIRM' });
    await waitFor(ok.actor, (s) => s.matches('succeeded'), { timeout: 15_000 });
    expect(ok.notified).toEqual(['success: Priya can no longer sign in']);

    const refused = start(() => Promise.reject({ status: 409, data: { msg: 'This is the last active admin' } }));
    refused.actor.send({ type: 'RUN', input: priya });
    refused.actor.send({ type: 'CONFIRM' });
    await waitFor(refused.actor, (s) => s.matches('failed'), { timeout: 15_000 });
    expect(refused.notified).toEqual(['error: This is the last active admin']);
  });
});
