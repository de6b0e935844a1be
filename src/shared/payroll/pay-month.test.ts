import { daysInMonth, isPayMonth, lastCompleteMonth, monthLabel, parseMonthInput, parseYearInput } from './pay-month';

describe('parseMonthInput', () => {
  it.each([
    ['march', 3],
    ['Mar', 3],
    ['MARCH', 3],
    [' december ', 12],
    ['sept', 9],
    ['Sep', 9],
    ['1', 1],
    ['03', 3],
    ['12', 12],
    [7, 7],
  ] as const)('%p -> %d', (input, month) => {
    expect(parseMonthInput(input)).toBe(month);
  });

  it.each(['', 'ma', 'marc', 'marchh', '13', '0', '00', '1.5', 'Mär', 'jan uary'])('refuses %p', (input) => {
    expect(parseMonthInput(input)).toBeNull();
  });

  it.each([0, 13, 2.5, -1, Number.NaN])('refuses the number %p', (input) => {
    expect(parseMonthInput(input)).toBeNull();
  });
});

describe('parseYearInput', () => {
  it('takes four digits as a string or a number', () => {
    expect(parseYearInput('2026')).toBe(2026);
    expect(parseYearInput(' 2026 ')).toBe(2026);
    expect(parseYearInput(2026)).toBe(2026);
  });

  it.each(['26', '02026', '0999', 'abcd', '', 2026.5, 99])('refuses %p', (input) => {
    expect(parseYearInput(input)).toBeNull();
  });
});

describe('calendar helpers', () => {
  it('knows month lengths, including Gregorian leap years', () => {
    expect(daysInMonth('2026-10')).toBe(31);
    expect(daysInMonth('2026-04')).toBe(30);
    expect(daysInMonth('2027-02')).toBe(28);
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2100-02')).toBe(28);
    expect(daysInMonth('2000-02')).toBe(29);
  });

  it('names months and finds the last complete one', () => {
    expect(monthLabel('2026-10')).toBe('October 2026');
    expect(lastCompleteMonth('2026-11-15')).toBe('2026-10');
    expect(lastCompleteMonth('2027-01-01')).toBe('2026-12');
  });

  it('checks the YYYY-MM form', () => {
    expect(isPayMonth('2026-10')).toBe(true);
    expect(isPayMonth('2026-13')).toBe(false);
    expect(isPayMonth('2026-1')).toBe(false);
    expect(isPayMonth('0000-01')).toBe(false);
  });
});
