/**
 * Proofs of old-regime declarations through the API on each engine, with real files: a rent receipt
 * as a PNG and as a JPEG goes up, is listed to the employee and to the admin who verifies it, and
 * comes back byte for byte with the type its bytes say; a renamed file, a file cut short and one
 * above 2 MB are refused with a message the employee can act on.
 */
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { TEST_NOW } from '../../test/salary-test-helpers';
import { multipart } from '../../test/multipart';
import { RECEIPT_JPEG, RECEIPT_PNG } from '../../test/proof-fixtures';

const FY = '2026-27';
const RENT = { financialYear: FY, section: 'rent', amount: 25000, details: { fromMonth: '2026-04', toMonth: '2027-03', city: 'bengaluru', landlordName: 'Lakshmi Narayanan', landlordAddress: '14, 5th Cross, Jayanagar, Bengaluru 560041', landlordPan: 'AAAPL1234C' } };

describe.each(engines)('tax proofs on %s', (engine) => {
  let t: TestApp;
  let kavya: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW } });
    kavya = await t.employee({ name: 'Kavya Ramachandran', email: 'kavya@test.local' });
    expect((await t.app.inject({ method: 'PUT', url: '/api/tax/declarations', headers: auth(kavya.token), payload: RENT })).statusCode).toBe(200);
  });
  afterEach(() => t.close());

  const upload = (token: string, filename: string, content: Buffer, contentType: string) => {
    const body = multipart([{ name: 'file', filename, content, contentType }]);
    return t.app.inject({ method: 'POST', url: `/api/tax/proofs?financialYear=${FY}&section=rent`, headers: { ...auth(token), ...body.headers }, payload: body.payload });
  };
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });

  it('takes a PNG and a JPEG receipt, lists them to the employee and the admin, and gives back the same bytes', async () => {
    const png = await upload(kavya.token, 'Rent receipt April 2026.png', RECEIPT_PNG, 'image/png');
    expect(png.statusCode).toBe(201);
    expect(png.json().msg).toContain('Rent receipt April 2026.png');
    // A phone sends a JPEG under any name and type: its bytes decide.
    const jpeg = await upload(kavya.token, 'IMG_20260430_091512.JPG', RECEIPT_JPEG, 'application/octet-stream');
    expect(jpeg.statusCode).toBe(201);

    const mine = (await get(kavya.token, `/api/tax/me?financialYear=${FY}`)).json();
    expect(mine.declarations[0].proofs).toEqual([
      expect.objectContaining({ fileName: 'Rent receipt April 2026.png', contentType: 'image/png', size: RECEIPT_PNG.length }),
      expect.objectContaining({ fileName: 'IMG_20260430_091512.JPG', contentType: 'image/jpeg', size: RECEIPT_JPEG.length }),
    ]);
    const listed = (await get(t.admin.token, `/api/tax/declarations?financialYear=${FY}`)).json();
    expect(listed.rows[0].proofs.map((p: { fileName: string }) => p.fileName)).toEqual(['Rent receipt April 2026.png', 'IMG_20260430_091512.JPG']);

    for (const [id, bytes, type] of [
      [png.json()._id, RECEIPT_PNG, 'image/png'],
      [jpeg.json()._id, RECEIPT_JPEG, 'image/jpeg'],
    ] as const) {
      for (const token of [kavya.token, t.admin.token]) {
        const res = await get(token, `/api/tax/proofs/${id}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
      }
    }
    // The admin's views are audited; the employee's own are not.
    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['actor_id', 'entity_id']).where('action', '=', 'tax.proof-download').execute();
    expect(audit).toEqual([
      { actor_id: t.admin.id, entity_id: String(png.json()._id) },
      { actor_id: t.admin.id, entity_id: String(jpeg.json()._id) },
    ]);
  });

  it('refuses a renamed file, an image or PDF cut short, and a file above 2 MB, saying why', async () => {
    const refused = async (filename: string, content: Buffer, contentType: string) => {
      const res = await upload(kavya.token, filename, content, contentType);
      return { status: res.statusCode, msg: res.json().msg as string };
    };
    const notAProof = { status: 400, msg: 'A proof must be a PDF, PNG or JPEG file' };
    expect(await refused('receipt.png', Buffer.from('Rent received from Kavya, ₹25,000, April 2026\n'), 'image/png')).toEqual(notAProof);
    expect(await refused('receipt.jpg', Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00;', 'latin1'), 'image/jpeg')).toEqual(notAProof);
    expect(await refused('receipt.pdf', Buffer.from('PK\x03\x04 a zip file named like a PDF', 'latin1'), 'application/pdf')).toEqual(notAProof);
    expect(await refused('receipt.png', RECEIPT_PNG.subarray(0, 1500), 'image/png')).toEqual({
      status: 400,
      msg: 'receipt.png is not a whole PNG image: it may have been cut short. Save or scan it again and upload it',
    });
    expect(await refused('receipt.jpg', RECEIPT_JPEG.subarray(0, 1200), 'image/jpeg')).toEqual({
      status: 400,
      msg: 'receipt.jpg is not a whole JPEG image: it may have been cut short. Save or scan it again and upload it',
    });
    expect((await refused('agreement.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), 'application/pdf')).msg).toBe(
      'agreement.pdf is not a whole PDF: it may have been cut short. Save or scan it again and upload it',
    );
    // A real JPEG padded past 2 MB: the limit, not the type, refuses it.
    const big = Buffer.concat([RECEIPT_JPEG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await refused('scan.jpg', big, 'image/jpeg')).toEqual({ status: 413, msg: 'A proof may be at most 2 MB' });
    // Nothing refused was kept.
    expect((await get(kavya.token, `/api/tax/me?financialYear=${FY}`)).json().declarations[0].proofs).toEqual([]);
  });
});
