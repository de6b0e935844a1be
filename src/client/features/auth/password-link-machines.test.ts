/** The public account-link forms, headless: what each sends, and what it shows. */
import { createActor, fromPromise, waitFor, type AnyActorLogic } from 'xstate';
import { FALLBACK, MSG } from '../../copy';
import { confirmEmailMachine, forgotPasswordMachine, setPasswordMachine } from './password-link-machines';

/** Runs `machine` with a call that records its input and gives `answer`. */
function run<Logic extends AnyActorLogic>(machine: Logic, answer: () => Promise<{ msg?: string }>, target?: string) {
  const sent: unknown[] = [];
  const logic = (machine as unknown as typeof forgotPasswordMachine).provide({
    actors: {
      submit: fromPromise<{ msg?: string }, { email: string }>(({ input }) => {
        sent.push(input);
        return answer();
      }),
    },
  });
  const actor = createActor(logic, { input: target ? { target } : undefined }).start();
  const settled = () => waitFor(actor, (s) => s.matches('success') || s.matches('error'), { timeout: 15_000 });
  const type = (field: string, value: string) => actor.send({ type: 'CHANGE', field: field as 'email', value });
  return { actor, sent, settled, type };
}

describe('forgot password machine', () => {
  it('sends the email trimmed and shows the msg', async () => {
    const { actor, sent, settled, type } = run(forgotPasswordMachine, () => Promise.resolve({ msg: 'If the account exists, a link was sent' }));
    type('email', ' asha@example.com ');
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(sent).toEqual([{ email: 'asha@example.com' }]);
    expect(actor.getSnapshot().context.message).toBe('If the account exists, a link was sent');
  });

  it('a failure shows the server msg, else the generic one', async () => {
    const { actor, settled } = run(forgotPasswordMachine, () => Promise.reject({ status: 500 }));
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().context.error).toBe(FALLBACK.server);
  });
});

describe('set password machine', () => {
  it('checks all fields, then the match, then the length, sending nothing', () => {
    const { actor, sent, type } = run(setPasswordMachine, () => Promise.resolve({}), 'link-token');
    type('password', 'a-good-password');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe(MSG.allFieldsRequired);
    type('confirm', 'another-password');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe(MSG.passwordsDoNotMatch);
    type('password', 'short');
    type('confirm', 'short');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe(MSG.passwordTooShort);
    expect(sent).toEqual([]);
  });

  it("sends the link's token with the new password and shows the msg", async () => {
    const { actor, sent, settled, type } = run(setPasswordMachine, () => Promise.resolve({ msg: 'Password set' }), 'link-token');
    type('password', 'a-good-password');
    type('confirm', 'a-good-password');
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(sent).toEqual([{ token: 'link-token', password: 'a-good-password' }]);
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.message).toBe('Password set');
  });
});

describe('confirm email machine', () => {
  it("sends the link's token only when asked, and shows the server's refusal", async () => {
    const { actor, sent, settled } = run(confirmEmailMachine, () => Promise.reject({ status: 400, data: { msg: 'This link is invalid' } }), 'email-token');
    expect(sent).toEqual([]);
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(sent).toEqual([{ token: 'email-token' }]);
    expect(actor.getSnapshot().context.error).toBe('This link is invalid');
  });
});
