/**
 * The tax screens' shared pieces that decide what a person reads: the field-level errors of a
 * declaration (every problem the shared schema finds, and each part of a server answer naming a
 * field), a saved declaration back in the form to change it, a declaration's one-line details, and
 * a refused download's toast.
 */
import { declarationBody, previousEmploymentBody, type Declaration } from '../../../shared/schemas/tax';
import { TAX_UI } from './tax-copy';
import { downloadFailure } from '../../test/download-failure';
import { declarationDetail, fieldErrors, taxFileDownload } from './tax-form';
import { BLANK_PREVIOUS, declarationInput, declarationValues, previousInput, type DeclarationValues } from './tax-machines';

const FIELDS = { amount: 'Rent a month (₹)', fromMonth: 'Rented from', toMonth: 'Rented until', landlordName: "Landlord's name", landlordAddress: "Landlord's address", landlordPan: "Landlord's PAN", lenderPan: "Lender's PAN" };
const rent: DeclarationValues = declarationValues({ section: 'rent', amount: 25000, details: { fromMonth: '2026-04', toMonth: '2027-03', city: 'bengaluru', landlordName: 'Lakshmi Narayanan', landlordAddress: '14, 5th Cross, Jayanagar', landlordPan: 'AAAPL1234C' } });

describe('field-level errors', () => {
  it('are empty until the form has shown an error', () => {
    expect(fieldErrors(declarationBody, declarationInput({ ...rent, landlordPan: 'NOTAPAN' }, '2026-27'), null, FIELDS)).toEqual({});
  });

  it('name every bad field the schema finds, each under its own field, by its label', () => {
    const bad = { ...rent, amount: '-5', landlordName: '', landlordPan: 'NOTAPAN' };
    const errors = fieldErrors(declarationBody, declarationInput(bad, '2026-27'), 'amount must be 0 or more', FIELDS);
    expect(Object.keys(errors).sort()).toEqual(['amount', 'landlordName', 'landlordPan']);
    expect(errors.landlordPan).toContain("Landlord's PAN must be five letters");
    expect(errors.amount).toBe('Rent a month must be 0 or more');
    expect(errors.landlordName).toBe("Landlord's name is required");
  });

  it("place each part of the server's answer under the field it names", () => {
    const answer = `${TAX_UI.failed}fromMonth must be within 2026-27 (2026-04 to 2027-03); toMonth must not be before fromMonth`;
    const values = { ...rent, fromMonth: '2026-02', toMonth: '2026-01' };
    expect(fieldErrors(declarationBody, declarationInput(values, '2026-27'), answer, FIELDS)).toEqual({
      fromMonth: 'Rented from must be within 2026-27 (2026-04 to 2027-03)',
      toMonth: 'Rented until must not be before Rented from',
    });
    const pan = `${TAX_UI.failed}landlordPan is required when the year's rent is above ₹1,00,000`;
    expect(fieldErrors(declarationBody, declarationInput({ ...rent, landlordPan: '' }, '2026-27'), pan, FIELDS)).toEqual({ landlordPan: "Landlord's PAN is required when the year's rent is above ₹1,00,000" });
  });

  it("work for the earlier employer's form too", () => {
    const values = { ...BLANK_PREVIOUS, employerName: 'Meridian Softworks', salary: 'nine lakh', employerTan: 'XYZ' };
    const errors = fieldErrors(previousEmploymentBody, previousInput(values, '2026-27'), 'salary must be a number', { employerName: "Employer's name", employerTan: "Employer's TAN", salary: 'Salary paid (₹)', tds: 'Income tax deducted (₹)' });
    expect(Object.keys(errors).sort()).toEqual(['employerTan', 'salary']);
    expect(errors.salary).toMatch(/^Salary paid /);
  });
});

describe('a saved declaration', () => {
  it('comes back into the form with its own details, to change it', () => {
    expect(rent).toMatchObject({ section: 'rent', amount: '25000', city: 'bengaluru', landlordPan: 'AAAPL1234C', lenderName: '', senior: 'no' });
    expect(declarationValues({ section: '80D-parents', amount: 42000, details: { senior: true } })).toMatchObject({ section: '80D-parents', senior: 'yes', city: 'bengaluru' });
  });

  it('reads in one line, months by name; the admin sees who the landlord is', () => {
    const d = { section: 'rent', details: { fromMonth: '2026-04', toMonth: '2027-03', city: 'other', cityName: 'Mysuru', landlordName: 'Lakshmi Narayanan', landlordPan: 'AAAPL1234C', landlordRelationship: 'None' } } as unknown as Declaration;
    expect(declarationDetail(d)).toBe('Another city or town (Mysuru), April 2026 to March 2027; Lakshmi Narayanan, PAN AAAPL1234C');
    expect(declarationDetail(d, true)).toBe('Another city or town (Mysuru), April 2026 to March 2027; landlord Lakshmi Narayanan, PAN AAAPL1234C (None)');
  });
});

describe('a refused proof, statement or annexure', () => {
  it('toasts that a download failed, with the server msg', async () => {
    const request = { endpoint: {} as never, arg: 'proof-1' };
    expect(await downloadFailure(taxFileDownload, request, { status: 404, data: { msg: 'No proof with this id' } })).toEqual(['Error downloading the file: No proof with this id']);
  });
});
