import { EMPLOYEE_MSG } from '../employee-records';
import { HttpError } from '../../errors';
import { readEmployeeSheet } from './employee-csv';

// The whole upload is in memory before it is read (at most the upload limit), so how its bytes arrived no longer matters.
const read = (content: string | Buffer, _chunkSize?: number) => readEmployeeSheet(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), 'add');

const refused = async (content: string | Buffer, msg: string) => {
  const err = await read(content).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  expect(err).toMatchObject({ statusCode: 400, message: msg });
};

describe('readEmployeeCsv', () => {
  it('reads a plain file into validated rows, salary in paise and email lowercased', async () => {
    const parsed = await read('name,email,position,salary\nAsha Rao, Asha@Example.COM ,Engineer,50000.5\nRavi,ravi@example.com,Designer,0\n');
    expect(parsed.total).toBe(2);
    expect(parsed.errors).toEqual([]);
    expect(parsed.employees).toEqual([
      expect.objectContaining({ row: 2, name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salaryPaise: 5000050, statutory: {} }),
      expect.objectContaining({ row: 3, name: 'Ravi', email: 'ravi@example.com', position: 'Designer', salaryPaise: 0, statutory: {} }),
    ]);
    expect(parsed.employees[0]!.employeeId).toBeUndefined();
  });

  it('accepts a BOM, CRLF, quoted commas and quotes, columns in any order and case; reads a quoted line break but refuses it in a name', async () => {
    const csv = '\uFEFFSALARY,Email,NAME,Position\r\n"1000","a@x.co","Doe, John","Lead ""Ops"""\r\n2000,b@x.co,"Multi\r\nLine",Dev\r\n3000,c@x.co,Zed,QA';
    const parsed = await read(csv);
    expect(parsed.errors.map(({ row, message }) => ({ row, message }))).toEqual([{ row: 3, message: 'name must be one line of text, without line breaks, tabs or other control characters' }]);
    expect(parsed.employees.map((e) => [e.row, e.name, e.position, e.salaryPaise])).toEqual([
      [2, 'Doe, John', 'Lead "Ops"', 100000],
      [4, 'Zed', 'QA', 300000],
    ]);
  });

  it('reads the same however the bytes are split, even inside a BOM or a multi-byte letter', async () => {
    const csv = '\uFEFFname,email,position,salary\nJosé Ñúñez,jose@x.co,Ingeniero,1\n王小明,wang@x.co,工程师,2\n';
    for (const size of [1, 2, 3, 7]) {
      const parsed = await read(csv, size);
      expect(parsed.errors).toEqual([]);
      expect(parsed.employees.map((e) => e.name)).toEqual(['José Ñúñez', '王小明']);
    }
  });

  it('knows the columns by name, ignoring spaces and extra columns', async () => {
    const parsed = await read('Full Name,Email Address,Notes,Position,Salary,Employee ID\nA,a@x.co,Ops,Dev,1,emp42\n');
    expect(parsed.errors).toEqual([]);
    // The company's own code, as written: codes are compared regardless of case, never rewritten.
    expect(parsed.employees[0]).toMatchObject({ name: 'A', email: 'a@x.co', employeeId: 'emp42' });
  });

  it("ignores headers named like Object's own properties ('constructor', 'toString')", async () => {
    const parsed = await read('constructor,name,email,toString,position,Constructor,salary\nx,A,a@x.co,y,Dev,z,1\n');
    expect(parsed.errors).toEqual([]);
    expect(parsed.employees).toEqual([expect.objectContaining({ name: 'A', email: 'a@x.co', position: 'Dev', salaryPaise: 100 })]);
  });

  it('numbers rows as a spreadsheet does: header is row 1, blank lines count, blank rows are skipped', async () => {
    const parsed = await read('name,email,position,salary\n\nA,bad-email,Dev,1\n,,,\nB,b@x.co,Dev,abc\n');
    expect(parsed.total).toBe(2);
    expect(parsed.errors.map(({ row, message }) => ({ row, message }))).toEqual([
      { row: 3, message: 'invalid email "bad-email"' },
      { row: 5, message: 'salary: "abc" is not an amount (use 25000, 25,000 or 2,50,000.50, with or without ₹, Rs or INR)' },
    ]);
  });

  it('reports every problem of a row, and names the field', async () => {
    const parsed = await read('name,email,position,salary\n,x@,,-5\nA,a@x.co,Dev,\nB,b@x.co,Dev,1.234\nC,c@x.co,Dev,1e3\n');
    expect(parsed.errors.map((e) => e.message)).toEqual([
      'name is required, position is required, invalid email "x@", salary: "-5" is not an amount (use 25000, 25,000 or 2,50,000.50, with or without ₹, Rs or INR)',
      'salary is required',
      'salary can have at most 2 decimals ("1.234")',
      'salary: "1e3" is not an amount (use 25000, 25,000 or 2,50,000.50, with or without ₹, Rs or INR)',
    ]);
    expect(parsed.employees).toEqual([]);
  });

  it('catches duplicates inside the file, case-insensitively, against the first valid row', async () => {
    const parsed = await read('name,email,position,salary\nA,dup@x.co,Dev,abc\nB,dup@x.co,Dev,1\nC,DUP@x.co ,Dev,1\n');
    expect(parsed.employees.map((e) => e.row)).toEqual([3]);
    expect(parsed.errors.map(({ row, message }) => ({ row, message }))).toEqual([
      { row: 2, message: 'salary: "abc" is not an amount (use 25000, 25,000 or 2,50,000.50, with or without ₹, Rs or INR)' },
      { row: 4, message: 'duplicate email dup@x.co (also on row 3)' },
    ]);
  });

  it('checks a supplied employeeId and catches it twice in the file', async () => {
    const parsed = await read('name,email,position,salary,employeeId\nA,a@x.co,Dev,1,ACM0007\nB,b@x.co,Dev,1,acm0007\nC,c@x.co,Dev,1,-X1\nD,d@x.co,Dev,1,\nE,e@x.co,Dev,1,5\nF,f@x.co,Dev,1,ABCDEFGHIJKLMNOPQRSTU\n');
    expect(parsed.employees.map((e) => [e.row, e.employeeId])).toEqual([
      [2, 'ACM0007'],
      [5, undefined],
      [6, '5'],
    ]);
    expect(parsed.errors.map(({ row, message }) => ({ row, message }))).toEqual([
      { row: 3, message: 'duplicate employeeId acm0007 (also on row 2)' },
      { row: 4, message: 'invalid employeeId "-X1" (must be 1-20 letters, digits, "_" or "-", starting with a letter or digit)' },
      { row: 7, message: 'invalid employeeId "ABCDEFGHIJKLMNOPQRSTU" (must be 1-20 letters, digits, "_" or "-", starting with a letter or digit)' },
    ]);
  });

  it('refuses rows whose values do not line up with the header, but allows trailing empty cells', async () => {
    const parsed = await read('name,email,position,salary\nA,a@x.co,Dev\nDoe, John,j@x.co,Dev,1\nB,b@x.co,Dev,1,,\n');
    expect(parsed.errors.map(({ row, message }) => ({ row, message }))).toEqual([
      { row: 2, message: 'has 3 value(s) but the header has 4 columns' },
      { row: 3, message: 'has 5 values but the header has 4 columns (quote values that contain commas)' },
    ]);
    expect(parsed.employees.map((e) => e.row)).toEqual([4]);
  });

  it('refuses an empty file, a blank one and a header without rows', async () => {
    await refused('', EMPLOYEE_MSG.csvEmpty);
    await refused('\uFEFF\r\n\r\n  \n', EMPLOYEE_MSG.csvEmpty);
    await refused('name,email,position,salary\r\n', EMPLOYEE_MSG.csvNoRows);
  });

  it('names the missing columns, and refuses a repeated one', async () => {
    await refused('name,mail,salary\nA,a@x.co,1\n', EMPLOYEE_MSG.csvMissingColumns(['email', 'position']));
    await refused('name,email,position,salary,Full Name\n', EMPLOYEE_MSG.csvRepeatedColumn('name'));
  });

  it('refuses binary files and text that is not UTF-8', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await refused(png, EMPLOYEE_MSG.csvNotText);
    await refused(Buffer.from('name,email,position,salary\nA,a@x.co,Dev,1\x07\n'), EMPLOYEE_MSG.csvNotText);
    await refused(Buffer.from('name,email,position,salary\nJos\xe9,j@x.co,Dev,1\n', 'latin1'), EMPLOYEE_MSG.csvNotUtf8);
    // UTF-16 (Excel's "Unicode text") starts with FF FE.
    await refused(Buffer.from('\uFEFFname,email', 'utf16le'), EMPLOYEE_MSG.csvNotText);
    // A multi-byte letter cut off at the end of the file.
    await refused(Buffer.concat([Buffer.from('name,email,position,salary\nA,a@x.co,Dev,1\n'), Buffer.from([0xe2, 0x82])]), EMPLOYEE_MSG.csvNotUtf8);
  });

  it('refuses a file the CSV grammar cannot read, saying where', async () => {
    const err = await read('name,email,position,salary\n"A,a@x.co,Dev,1\n').catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^The CSV file could not be read: .*quote/i) });
  });
});
