import { numberInWords, rupeesInWords } from './rupees-in-words';

describe('numberInWords (Indian numbering)', () => {
  it.each([
    [0, 'Zero'],
    [1, 'One'],
    [19, 'Nineteen'],
    [20, 'Twenty'],
    [45, 'Forty-Five'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1_000, 'One Thousand'],
    [45_200, 'Forty-Five Thousand Two Hundred'],
    [99_999, 'Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_000, 'One Lakh'],
    [10_00_000, 'Ten Lakh'],
    [1_00_00_000, 'One Crore'],
    [1_23_45_678, 'One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight'],
    [1_00_00_00_000, 'One Hundred Crore'],
    [12_34_56_78_901, 'One Thousand Two Hundred Thirty-Four Crore Fifty-Six Lakh Seventy-Eight Thousand Nine Hundred One'],
  ])('%d -> %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('refuses fractions and negatives', () => {
    expect(() => numberInWords(1.5)).toThrow(RangeError);
    expect(() => numberInWords(-1)).toThrow(RangeError);
  });
});

describe('rupeesInWords', () => {
  it('writes rupees as a payslip does', () => {
    expect(rupeesInWords(45_200_00)).toBe('Rupees Forty-Five Thousand Two Hundred Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
    expect(rupeesInWords(1_00_000_00)).toBe('Rupees One Lakh Only');
  });

  it('adds paise when there are any', () => {
    expect(rupeesInWords(45_200_50)).toBe('Rupees Forty-Five Thousand Two Hundred and Fifty Paise Only');
    expect(rupeesInWords(1)).toBe('Rupees Zero and One Paise Only');
  });

  it('marks a negative amount', () => {
    expect(rupeesInWords(-100)).toBe('Minus Rupees One Only');
  });
});
