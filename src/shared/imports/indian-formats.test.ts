import { parseIndianDate, parseRupees } from './indian-formats';

describe('Indian dates in imports', () => {
  it.each([
    ['31/12/2023', '2023-12-31'],
    ['26/01/2026', '2026-01-26'],
    ['01-02-2026', '2026-02-01'],
    ['15-Aug-2026', '2026-08-15'],
    ['15 August 2026', '2026-08-15'],
    ['2026-10-01', '2026-10-01'],
    ['5/3/2026', '2026-03-05'],
    ['46296', '2026-10-01'],
  ])('%s is %s', (text, iso) => {
    expect(parseIndianDate(text)).toEqual({ ok: true, value: iso });
  });

  it.each([
    ['12/31/2023', /reads month first/],
    ['01/02/26', /two-digit year/],
    ['31/02/2026', /not a real calendar date/],
    ['2026-02-30', /not a real calendar date/],
    ['15-Foo-2026', /names no month/],
    ['tomorrow', /not a date/],
  ])('%s is refused saying why', (text, why) => {
    const parsed = parseIndianDate(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(why);
  });
});

describe('Indian amounts in imports', () => {
  it.each([
    ['25,000', 25000],
    ['2,50,000', 250000],
    ['₹ 1,23,45,678.50', 12345678.5],
    ['Rs. 25000', 25000],
    ['INR 1,250,000', 1250000],
    ['30000', 30000],
  ])('%s is %d rupees', (text, rupees) => {
    expect(parseRupees(text)).toEqual({ ok: true, value: rupees });
  });

  it.each(['25.000,50', '2,5,0', 'abc', '-100', '1,00'])('%s is refused', (text) => {
    expect(parseRupees(text).ok).toBe(false);
  });
});
