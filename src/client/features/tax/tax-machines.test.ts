import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { DeclarationBody } from '../../../shared/schemas/tax';
import { BLANK_DECLARATION, checkDecision, declarationMachine, emptyRequired, regimeMachine, settingsInput, type DeclarationValues } from './tax-machines';
import { TAX_UI } from './tax-copy';

function startDeclaration(answer: () => Promise<{ msg?: string }>) {
  const calls: DeclarationBody[] = [];
  const logic = declarationMachine.provide({
    actors: {
      submit: fromPromise<{ msg?: string }, DeclarationBody>(({ input }) => {
        calls.push(input);
        return answer();
      }),
    },
    actions: { notify: () => undefined },
  });
  const actor = createActor(logic, { clock: new SimulatedClock(), input: { target: '2026-27' } }).start();
  const fill = (values: Partial<DeclarationValues>) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'CHANGE', field: field as keyof DeclarationValues, value: value! });
  };
  return { actor, calls, fill, settled: () => waitFor(actor, (s) => s.matches('success') || s.matches('error'), { timeout: 15_000 }) };
}

const RENT = { section: 'rent', amount: '25,000', fromMonth: '2026-04', toMonth: '2027-03', city: 'bengaluru', landlordName: 'Lakshmi Narayanan', landlordAddress: '14, 5th Cross, Jayanagar', landlordPan: 'aaapl1234c' };

describe('tax declaration machine', () => {
  it("sends a rent declaration with only the rent's details, for the form's year", async () => {
    const { actor, calls, fill, settled } = startDeclaration(() => Promise.resolve({ msg: 'House rent: ₹25,000 declared for 2026-27' }));
    fill({ ...RENT, lenderName: 'ignored for rent' });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(calls).toEqual([
      {
        financialYear: '2026-27',
        section: 'rent',
        amount: 25000,
        details: { fromMonth: '2026-04', toMonth: '2027-03', city: 'bengaluru', landlordName: 'Lakshmi Narayanan', landlordAddress: '14, 5th Cross, Jayanagar', landlordPan: 'AAAPL1234C' },
      },
    ]);
    expect(actor.getSnapshot().context.message).toBe('House rent: ₹25,000 declared for 2026-27');
  });

  it('sends nothing without an amount, or with a field the server would refuse', () => {
    const { actor, calls, fill } = startDeclaration(() => Promise.resolve({}));
    fill({ ...RENT, amount: '' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe(TAX_UI.allRequired);
    // An empty month is a required field left empty too, named under the field by its label, not a format error.
    fill({ amount: '25000', fromMonth: '' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe(TAX_UI.allRequired);
    expect(emptyRequired({ ...BLANK_DECLARATION, ...RENT, amount: '', fromMonth: '', toMonth: '' })).toEqual(['amount', 'fromMonth', 'toMonth']);
    expect(emptyRequired({ ...BLANK_DECLARATION, ...RENT, section: '80C', fromMonth: '' })).toEqual([]);
    expect(calls).toHaveLength(0);
    fill({ amount: '25000', fromMonth: RENT.fromMonth, landlordPan: 'NOTAPAN' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toMatch(/landlordPan must be five letters/);
    fill({ landlordPan: '', section: '80D-parents', senior: 'yes', amount: '40000' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(calls).toEqual([{ financialYear: '2026-27', section: '80D-parents', amount: 40000, details: { senior: true } }]);
  });
});

describe('tax regime machine', () => {
  it("shows the server's refusal after the cut-off in the form", async () => {
    const refusal = { status: 409, data: { msg: 'The regime for 2026-27 could be chosen until 30 June 2026; ask an admin to change it' } };
    const logic = regimeMachine.provide({ actors: { submit: fromPromise(() => Promise.reject(refusal)) }, actions: { notify: () => undefined } });
    const actor = createActor(logic, { clock: new SimulatedClock(), input: { values: { regime: 'new' }, target: '2026-27' } }).start();
    actor.send({ type: 'CHANGE', field: 'regime', value: 'old' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('error'), { timeout: 15_000 });
    expect(actor.getSnapshot().context).toMatchObject({ error: `${TAX_UI.failed}${refusal.data.msg}`, values: { regime: 'old' } });
  });
});

describe('decisions and settings', () => {
  it('a rejection needs a note; a verification does not', () => {
    expect(checkDecision({ id: '1', status: 'rejected', note: '  ' })).toBe(TAX_UI.rejectNeedsNote);
    expect(checkDecision({ id: '1', status: 'rejected', note: 'Receipts for April missing' })).toBeNull();
    expect(checkDecision({ id: '1', status: 'verified' })).toBeNull();
    // A part verified: at most the declared amount, and a number.
    expect(checkDecision({ id: '1', status: 'verified', amount: 75_000 }, 80_000)).toBeNull();
    expect(checkDecision({ id: '1', status: 'verified', amount: 90_000 }, 80_000)).toBe('amount must not be more than the ₹80,000 declared');
    expect(checkDecision({ id: '1', status: 'verified', amount: Number.NaN }, 80_000)).toMatch(/amount/);
  });

  it("changes one year's dates and keeps the others", () => {
    const others = { '2025-26': { regimeChoiceCloses: '2025-06-30', proofWindowCloses: null } };
    expect(settingsInput({ declaredCounts: 'no', regimeChoiceCloses: '2026-06-30', proofWindowCloses: '' }, '2026-27', others)).toEqual({
      declaredUntilProofWindowCloses: false,
      years: { ...others, '2026-27': { regimeChoiceCloses: '2026-06-30', proofWindowCloses: null } },
    });
  });
});
