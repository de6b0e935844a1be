/** Approved payroll months: the lookup other modules build on (the filing files need an approved month). */
import { createTestApp, engines, type TestApp } from '../../test/test-app';
import { TEST_NOW } from '../../test/salary-test-helpers';
import { HttpError } from '../../errors';
import { approvedSlips, findApprovedMonth, requireApprovedMonth } from './payroll-approvals';

describe.each(engines)('approved payroll months on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
  });
  afterEach(() => t.close());

  it('tells an approved month from one that is not, with its stored slips', async () => {
    const { db } = t.ctx.database;
    const e = await t.employee({ name: 'Asha Rao' });
    expect(await findApprovedMonth(db, '2026-10')).toBeUndefined();
    const refused = await requireApprovedMonth(db, '2026-10').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 409, message: expect.stringMatching(/^October 2026 is not approved yet: preview its payroll register and approve it first/) });

    await db.insertInto('payroll_approvals').values({ month: '2026-10', approved_by: t.admin.id, approved_at: TEST_NOW.toISOString(), version: 1, rerun_by: null, rerun_at: null, rerun_reason: null, run_id: null, employees: 1, net_paise: 43_200_00 }).execute();
    await db
      .insertInto('payroll_approved_slips')
      .values({ month: '2026-10', user_id: e.id, employee_id: e.employeeId, fingerprint: 'f1', changed_version: 1, gross_paise: 45_200_00, pf_paise: 1_800_00, esi_paise: 0, pt_paise: 200_00, tds_paise: 0, net_paise: 43_200_00, slip_json: JSON.stringify({ month: '2026-10' }) })
      .execute();
    const approved = await requireApprovedMonth(db, '2026-10');
    expect(approved).toEqual({
      month: '2026-10', approvedBy: t.admin.id, approvedByName: expect.any(String), approvedAt: TEST_NOW.toISOString(), version: 1,
      rerunAt: null, rerunByName: null, rerunReason: null, runId: null, employees: 1, netPaise: 43_200_00,
    });
    expect(await approvedSlips(db, '2026-10')).toEqual([
      { userId: e.id, employeeId: e.employeeId, fingerprint: 'f1', changedVersion: 1, grossPaise: 45_200_00, pfPaise: 1_800_00, esiPaise: 0, ptPaise: 200_00, tdsPaise: 0, netPaise: 43_200_00, slip: { month: '2026-10' } },
    ]);
    expect(await approvedSlips(db, '2026-09')).toEqual([]);
  });
});
