import { fieldMarkText, fixMarkedFields, opensWithApiName } from './field-mark-text';

describe("a field mark's words", () => {
  it("drops the API's name of the field, which the label above already says", () => {
    expect(fieldMarkText('legalName is required')).toBe('Required');
    expect(fieldMarkText('yearlyEntitlement must be at most 365 days')).toBe('Must be at most 365 days');
    expect(fieldMarkText('reason is too long')).toBe('Too long');
    expect(fieldMarkText('statutory.pan: Invalid input')).toBe('Invalid input');
  });

  it('keeps a message written for people, and one that only starts in lower case', () => {
    expect(fieldMarkText('Name is required')).toBe('Name is required');
    expect(fieldMarkText("Landlord's PAN must be five letters, four digits and a letter")).toBe("Landlord's PAN must be five letters, four digits and a letter");
    expect(fieldMarkText('at least one day must be a working day')).toBe('at least one day must be a working day');
    expect(fieldMarkText('Bank account number is already used by EMP0002')).toBe('Bank account number is already used by EMP0002');
  });
});

describe('the line over marked fields', () => {
  it('counts the marks, and names no API field', () => {
    expect(fixMarkedFields(1)).toBe('Fix the marked field below.');
    expect(fixMarkedFields(3)).toBe('Fix the 3 marked fields below.');
    expect(opensWithApiName('graceMinutes must be from 0 to 120')).toBe(true);
    expect(opensWithApiName('At least one day of the week must be a working day')).toBe(false);
  });
});
