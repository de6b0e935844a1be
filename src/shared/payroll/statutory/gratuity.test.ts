import { gratuity, serviceLength, type GratuityInput } from './gratuity';

const rupees = (r: number) => r * 100;
// Monthly gross ₹60,000 with basic ₹30,000 (no DA): under the Code the exclusions (30,000) are not
// above half of 60,000, so the wage is basic, ₹30,000.
const base: Omit<GratuityInput, 'joinedOn' | 'leftOn'> = { employmentType: 'permanent', reason: 'resignation', lastDrawn: { grossPaise: rupees(60_000), basicPaise: rupees(30_000) } };

describe('gratuity worked examples', () => {
  it('counts service from joining to the last day, both included', () => {
    expect(serviceLength('2020-01-01', '2025-06-30')).toEqual({ years: 5, months: 6, days: 0 });
    expect(serviceLength('2020-01-01', '2025-07-01')).toEqual({ years: 5, months: 6, days: 1 });
    expect(serviceLength('2021-05-01', '2025-11-30')).toEqual({ years: 4, months: 7, days: 0 });
  });

  it('4 years 7 months: a fixed-term employee under the Code gets 5 years; a permanent one none', () => {
    const at = { joinedOn: '2021-05-01', leftOn: '2025-11-30' };
    const fixed = gratuity({ ...base, ...at, employmentType: 'fixed-term' });
    // 30,000 × 15 / 26 × 5 = 86,538.46 → ₹86,538.
    expect(fixed).toMatchObject({ eligible: true, countedYears: 5, wagePaise: rupees(30_000), amountPaise: rupees(86_538), capped: false });
    expect(fixed.rule.source).toContain('Code on Social Security 2020 s.53');
    const permanent = gratuity({ ...base, ...at });
    expect(permanent).toMatchObject({ eligible: false, amountPaise: 0 });
    expect(permanent.notEligibleBecause).toContain('at least 5 needed');
    // Before the Code a fixed-term employee needed five years too.
    expect(gratuity({ ...base, joinedOn: '2020-05-01', leftOn: '2024-11-30', employmentType: 'fixed-term' })).toMatchObject({ eligible: false });
  });

  it('5 years 6 months 0 days counts 5 years; 5 years 6 months 1 day counts 6', () => {
    const five = gratuity({ ...base, joinedOn: '2020-01-01', leftOn: '2025-06-30' });
    // Before the Code: basic + DA, 30,000 × 15 / 26 × 5 = 86,538.
    expect(five).toMatchObject({ eligible: true, countedYears: 5, amountPaise: rupees(86_538) });
    expect(five.rule.source).toContain('Payment of Gratuity Act 1972');
    const six = gratuity({ ...base, joinedOn: '2020-01-01', leftOn: '2025-07-01' });
    // 30,000 × 15 / 26 × 6 = 1,03,846.15 → ₹1,03,846.
    expect(six).toMatchObject({ countedYears: 6, amountPaise: rupees(1_03_846) });
  });

  it('30 years on a high wage is capped at ₹20 lakh', () => {
    const g = gratuity({ ...base, joinedOn: '1996-01-01', leftOn: '2025-12-31', lastDrawn: { grossPaise: rupees(3_00_000), basicPaise: rupees(1_20_000) } });
    // Code wages: basic 1,20,000 + (1,80,000 − 1,50,000) = 1,50,000; × 15 / 26 × 30 = 25,96,153.85.
    expect(g).toMatchObject({ countedYears: 30, wagePaise: rupees(1_50_000), computedPaise: rupees(25_96_154), amountPaise: rupees(20_00_000), capped: true });
  });

  it('no minimum service on death or disablement', () => {
    expect(gratuity({ ...base, joinedOn: '2024-01-01', leftOn: '2025-12-31', reason: 'death' })).toMatchObject({ eligible: true, countedYears: 2, amountPaise: rupees(34_615) });
  });
});
