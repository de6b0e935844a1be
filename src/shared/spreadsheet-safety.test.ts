import { escapeFormula } from './spreadsheet-safety';

describe('escapeFormula', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])('prefixes a quote to %j', (value) => {
    expect(escapeFormula(value)).toBe(`'${value}`);
  });

  it.each(['', 'Asha', 'a=b', ' =1', '2025-06-01', "'quoted"])('leaves %j unchanged', (value) => {
    expect(escapeFormula(value)).toBe(value);
  });
});
