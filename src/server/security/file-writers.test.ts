/**
 * Every file writer is safe on its own, whatever the input rules let through (text stored before
 * them, a rule a later change forgets): fed names full of control characters and each file's own
 * separators, the bank file, the ECR, the ESI sheet, the PT summary, the payroll register and slip
 * workbooks, the attendance CSV and the attendance register (CSV and xlsx) carry no control
 * character, and a file read line by line has exactly one line per record.
 */
import ExcelJS from 'exceljs';
import { csvField, csvText } from '../../shared/csv-text';
import { escapeFormula } from '../../shared/spreadsheet-safety';
import { beneficiaryName, ecrName, portalName } from '../modules/salary';
import { csvCells } from '../modules/attendance';
import { auth, createTestApp, engines, eventually, type TestApp } from '../test/test-app';
import { OVERRIDE_BLOCKING, seedAttendance, TEST_NOW } from '../test/salary-test-helpers';

/** The bank record of the pen test, and every other kind of control and separator. */
const HOSTILE_NAMES = [
  'Mallory Attacker\r\n999999999999,HDFC0000001,999999.00,Mallory Attacker,Salary Aug 2026\r\nX',
  'Tab\tName',
  'Nel\u0085Name',
  'Line\u2028Para\u2029Name',
  'Bell\u0007Esc\u001bDel\u007f',
  'Doe, "John"',
  'Sep#~#Arator',
  '=HYPERLINK("http://x")',
  'Ravi\u202Egpj.exe',
  'Only\rCR',
];
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
/** Text of a file without its line ends (CRLF, or LF where the writer uses it): nothing else may be a control character. */
const controlsInLines = (text: string) => text.split(/\r?\n/).filter((line) => CONTROL.test(line));

describe('file writers fed hostile text directly', () => {
  it.each(HOSTILE_NAMES)('keep %j on one line with no control character in every cell and name', (name) => {
    for (const out of [escapeFormula(name), csvField(name), beneficiaryName(name), ecrName(name), portalName(name, false), ...csvCells({ employee_id: 'EMP0001', name, email: 'a@b.co', date: '2026-10-01', status: 'P', punch_in: null, punch_out: null } as never, 'Asia/Kolkata')]) {
      expect([name, out, CONTROL.test(out)]).toEqual([name, out, false]);
    }
    // The bank file's and the ECR's own separators never reach them through a name.
    expect(beneficiaryName(name)).not.toMatch(/[,"]/);
    expect(ecrName(name)).not.toContain('#~#');
    const csv = csvText(['Name', 'Email'], [[name, 'a@b.co']]);
    expect(csv.split('\r\n')).toHaveLength(3);
    expect(controlsInLines(csv)).toEqual([]);
  });
});

describe.each(engines)('the files of a month with hostile names on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(t.admin.token) });

  async function xlsxStrings(bytes: Buffer): Promise<string[]> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const out: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((cell) => out.push(String(cell.text)))));
    return out;
  }

  it('writes every file with one line per record and no control character, even for names stored before the rule', async () => {
    const people = [];
    for (const [i, name] of HOSTILE_NAMES.entries()) {
      const e = await t.employee({ name: `Clean ${i}`, salaryPaise: 18_000_00 });
      const detail = { stateOfWork: 'KA', uan: `1004276072${String(i).padStart(2, '0')}`, esiNumber: `31123456${String(i).padStart(2, '0')}`, bankAccount: `0012345678${String(i).padStart(2, '0')}`, ifsc: 'SBIN0001234' };
      const set = await t.app.inject({ method: 'PUT', url: `/api/employee/edit/${e.id}`, headers: auth(t.admin.token), payload: { name: `Clean ${i}`, email: e.email, statutory: detail } });
      expect(set.statusCode).toBe(200);
      await seedAttendance(t, e.id, '2026-10');
      // Stored past the schemas, as text from before the rule would be.
      await t.ctx.database.db.updateTable('users').set({ name }).where('id', '=', e.id).execute();
      people.push(e);
    }
    const approve = await t.app.inject({ method: 'POST', url: '/api/salary/register/2026-10/approve', headers: auth(t.admin.token), payload: OVERRIDE_BLOCKING });
    expect(approve.statusCode).toBe(202);
    const { runId } = approve.json();
    await eventually(async () => (await get(`/api/salary/runs/${runId}`)).json().status === 'done', 30_000, 'the slip run');

    expect((await t.app.inject({ method: 'POST', url: '/api/salary/payments/2026-10/batches', headers: auth(t.admin.token) })).statusCode).toBe(201);
    const bank = await get('/api/salary/files/2026-10/bank');
    expect(bank.statusCode).toBe(200);
    // Header, one credit per person, and the final line end: a line-oriented importer sees exactly these.
    const bankLines = bank.body.split(/\r\n|\n|\r|\u0085|\u2028|\u2029/);
    expect(bankLines).toHaveLength(HOSTILE_NAMES.length + 2);
    for (const line of bankLines.slice(1, -1)) expect(line.split(',')).toHaveLength(5);
    expect(controlsInLines(bank.body)).toEqual([]);

    const ecr = await get('/api/salary/files/2026-10/ecr');
    const ecrLines = ecr.body.split('\r\n').filter(Boolean);
    expect(ecrLines).toHaveLength(HOSTILE_NAMES.length);
    for (const line of ecrLines) expect(line.split('#~#')).toHaveLength(11);
    expect(controlsInLines(ecr.body)).toEqual([]);

    const pt = await get('/api/salary/files/2026-10/pt');
    expect(controlsInLines(pt.body)).toEqual([]);

    const csv = await get('/api/attendance/download?startDate=2026-10-01&endDate=2026-10-31');
    expect(csv.statusCode).toBe(200);
    expect(controlsInLines(csv.body.replace(/^\uFEFF/, ''))).toEqual([]);
    const days = await t.ctx.database.db.selectFrom('attendance').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(csv.body.split(/\r?\n/).filter(Boolean)).toHaveLength(Number(days.n) + 1);
    const registerCsv = await get('/api/attendance/register/download?month=2026-10&format=csv');
    expect(registerCsv.statusCode).toBe(200);
    expect(controlsInLines(registerCsv.body.replace(/^\uFEFF/, ''))).toEqual([]);

    const workbooks = [
      await get('/api/salary/files/2026-10/esi'),
      await get('/api/salary/register/2026-10?format=xlsx'),
      await get('/api/attendance/register/download?month=2026-10&format=xlsx'),
      await get(`/api/salary/slip/${people[0]!.employeeId}/2026-10`),
    ];
    for (const res of workbooks) {
      expect(res.statusCode).toBe(200);
      const strings = await xlsxStrings(res.rawPayload);
      expect(strings.filter((s) => CONTROL.test(s))).toEqual([]);
    }
  });
});
