/** Statutory and bank details (issue 15): the Edit Employee form's fieldset. */
export const STATUTORY_UI = {
  legend: 'Statutory and bank details',
  intro: 'Used for payroll: professional tax, PF, ESI, income tax and salary transfers. Leave a field empty if it is not known yet.',
  notSet: 'Not set',
  regimeDefault: 'Not chosen (new regime)',
  stateHint: 'Professional tax follows the state of work; without one, the company default (Karnataka) applies.',
  panHint: 'Five letters, four digits and a letter, e.g. ABCDE1234F.',
  uanHint: 'The 12-digit Universal Account Number from EPFO.',
  esiHint: 'The 10-digit ESI insurance number, for those ESI covers.',
  bankAccountHint: 'Digits only, 9 to 18 of them. Employees see only its last four digits.',
  ifscHint: 'Four letters, a zero and six letters or digits, e.g. HDFC0001234.',
  genderHint: 'Some states set professional tax differently for women.',
  pfFullWagesHint: 'PF (12% each side) on the whole PF wages instead of the ₹15,000 ceiling; the pension share stays capped at ₹1,250.',
  leftOnHint: 'The last day employed. Paid up to it; no salary slip after its month. Empty while employed.',
  invalid: 'Please check the statutory and bank details',
} as const;
