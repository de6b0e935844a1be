/**
 * The fingerprint holds money only: a display field added to slips by a later release does not make
 * an approved month look changed, a changed amount does, and fingerprints stored before (the whole
 * slip hashed) are judged by the same rule without a migration.
 */
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import { OVERRIDE_BLOCKING, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { approvedSlips } from './payroll-approvals';
import { sameMoney, slipFingerprint } from './slip-fingerprint';

describe.each(engines)('the slip fingerprint on %s', (engine) => {
  let t: TestApp;
  let person: TestEmployee;

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
    person = await t.employee({ name: 'Lakshmi Narayanan', salaryPaise: 42_000_00, joinedOn: '2025-04-01' });
    await seedAttendance(t, person.id, '2026-10');
    const res = await t.app.inject({ method: 'POST', url: '/api/salary/register/2026-10/approve', headers: auth(t.admin.token), payload: OVERRIDE_BLOCKING });
    expect(res.statusCode).toBe(202);
  });
  afterEach(() => t.close());

  const register = async () => (await t.app.inject({ method: 'GET', url: '/api/salary/register/2026-10', headers: auth(t.admin.token) })).json();
  /** Rewrites the stored slip as an older release would have stored it: a fingerprint of the old kind, no digest of its inputs. */
  const storeAsBefore = async (edit: (slip: SalarySlip) => SalarySlip) => {
    const [stored] = await approvedSlips(t.ctx.database.db, '2026-10');
    await t.ctx.database.db
      .updateTable('payroll_approved_slips')
      .set({ slip_json: JSON.stringify(edit(stored!.slip)), fingerprint: 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2', input_digest: null })
      .where('user_id', '=', person.id)
      .execute();
  };

  it('stores money fingerprints, and leaves an approved month alone when only display fields differ', async () => {
    const [stored] = await approvedSlips(t.ctx.database.db, '2026-10');
    expect(stored!.fingerprint).toMatch(/^m2:[0-9a-f]{64}$/);
    expect((await register()).liveDiffers).toBeNull();
    // A slip stored before the EPS note, the ceiling's note and the notes existed (fields the live slip now shows).
    await storeAsBefore((slip) => {
      const { epsNote: _eps, pfCeilingNote: _note, ...statutory } = slip.statutory;
      return { ...slip, notes: [], statutory };
    });
    expect((await register()).liveDiffers).toBeNull();
  });

  it('flags the approved month when an amount differs, for an old fingerprint and a new one', async () => {
    await storeAsBefore((slip) => ({ ...slip, netPaise: slip.netPaise - 100_00, deductions: { ...slip.deductions, tdsPaise: slip.deductions.tdsPaise + 100_00 } }));
    expect((await register()).liveDiffers).toMatchObject({ count: 1, people: [{ employeeId: person.employeeId, name: 'Lakshmi Narayanan' }] });

    const [stored] = await approvedSlips(t.ctx.database.db, '2026-10');
    const slip = stored!.slip;
    const money = slipFingerprint(person.employeeId, slip);
    expect(sameMoney({ ...stored!, fingerprint: money }, slipFingerprint(person.employeeId, { ...slip, notes: ['A note a later release prints'] }))).toBe(true);
    expect(sameMoney({ ...stored!, fingerprint: money }, slipFingerprint(person.employeeId, { ...slip, employer: { ...slip.employer, esiPaise: slip.employer.esiPaise + 1_00 } }))).toBe(false);
    // A money field added later with nothing in it moves nothing.
    expect(slipFingerprint(person.employeeId, { ...slip, deductions: { ...slip.deductions, pfArrearsPaise: 0 } })).toBe(money);
  });
});
