import { countOf, formatCount, formatRupees, gratuityWorking, serviceLength, shiftDate } from './format';

describe('shiftDate', () => {
  it('shifts dates across month, year and leap-day boundaries', () => {
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDate('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDate('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('formatRupees', () => {
  it('groups digits the Indian way and shows paise only when there are any, always two of them', () => {
    expect(formatRupees(1234567)).toBe('₹12,34,567');
    expect(formatRupees(41000.5)).toBe('₹41,000.50');
    expect(formatRupees(41000.05)).toBe('₹41,000.05');
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(99.999)).toBe('₹100');
    expect(formatRupees(-1500.25)).toBe('-₹1,500.25');
  });

  it('counts with the same grouping', () => {
    expect(formatCount(100000)).toBe('1,00,000');
  });
});

describe('countOf', () => {
  it('puts the noun in the number the count asks for', () => {
    expect(countOf(1, 'salary slip')).toBe('1 salary slip');
    expect(countOf(21, 'salary slip')).toBe('21 salary slips');
    expect(countOf(0, 'row')).toBe('0 rows');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
    expect(countOf(12000, 'minute')).toBe('12,000 minutes');
    // A half day stays a half: never rounded to a whole one.
    expect(countOf(16.5, 'paid day')).toBe('16.5 paid days');
    expect(countOf(0.5, 'day')).toBe('0.5 days');
  });
});

describe('serviceLength', () => {
  it('writes years, months and days in words, singular for one', () => {
    expect(serviceLength(6, 8, 19)).toBe('6 years, 8 months, 19 days');
    expect(serviceLength(1, 1, 1)).toBe('1 year, 1 month, 1 day');
    expect(serviceLength(0, 0, 0)).toBe('0 years, 0 months, 0 days');
  });
});

describe('gratuityWorking', () => {
  it('counts one year in the singular (a fixed-term leaver after a year), more in the plural', () => {
    expect(gratuityWorking(1, '₹30,000')).toBe('1 year counted × 15/26 of ₹30,000 a month');
    expect(gratuityWorking(6, '₹30,000')).toBe('6 years counted × 15/26 of ₹30,000 a month');
  });
});
