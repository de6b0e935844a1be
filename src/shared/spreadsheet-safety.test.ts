import { escapeFormula } from './spreadsheet-safety';

describe('escapeFormula', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)'])('prefixes a quote to %j', (value) => {
    expect(escapeFormula(value)).toBe(`'${value}`);
  });

  it.each(['', 'Asha', 'a=b', ' =1', '2025-06-01', "'quoted"])('leaves %j unchanged', (value) => {
    expect(escapeFormula(value)).toBe(value);
  });

  it.each([
    ['\t=1', ' =1'],
    ['\r\n=1', ' =1'],
    ['Mallory\r\n999,HDFC0000001,1.00', 'Mallory 999,HDFC0000001,1.00'],
    ['a\u0085b\u2028c\u2029d\u007fe\u0007f', 'a b c d e f'],
    ['Ravi\u202Egpj.exe', 'Ravigpj.exe'],
    ['\n=HYPERLINK("x")', ' =HYPERLINK("x")'],
  ])('puts %j on one line as %j', (value, expected) => {
    expect(escapeFormula(value)).toBe(expected);
  });
});
