import { structureComponents } from './salary-structure';
import { applyOverride, carryOverride, overrideProblem, overrideText, personStructure } from './structure-override';

const DRIVERS = { name: 'Drivers', basicPercentOfGross: 40, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Conveyance', monthlyPaise: 1_600_00 }] };
const split = (rule: Parameters<typeof structureComponents>[1]) => {
  const c = structureComponents(30_000_00, rule);
  return [c.basicPaise, c.hraPaise, c.allowances.map((a) => a.paise), c.specialPaise].flat().map((p) => p / 100);
};

describe('a person overrides one structure component', () => {
  it('worked example: Basic fixed at ₹15,000 on ₹30,000 under Drivers', () => {
    expect(split(DRIVERS)).toEqual([12_000, 6_000, 1_600, 10_400]);
    const ravi = personStructure(DRIVERS, { component: 'basic', basicPercentOfGross: null, basicMonthlyPaise: 15_000_00 });
    expect(split(ravi)).toEqual([15_000, 7_500, 1_600, 5_900]);
    expect(ravi.override && overrideText(ravi.override)).toBe('Basic fixed at ₹15,000 a month');
    // Removed: the structure's own rule again.
    expect(split(personStructure(ravi, null))).toEqual([12_000, 6_000, 1_600, 10_400]);
  });

  it('HRA and an allowance; the special allowance stays the remainder', () => {
    expect(split(applyOverride(DRIVERS, { component: 'hra', hraPercentOfBasic: 25 }))).toEqual([12_000, 3_000, 1_600, 13_400]);
    expect(split(applyOverride(DRIVERS, { component: 'allowance', name: 'conveyance', monthlyPaise: 0 }))).toEqual([12_000, 6_000, 0, 12_000]);
  });

  it('refuses an allowance the structure lacks and Basic with HRA above the gross', () => {
    expect(overrideProblem(DRIVERS, { component: 'allowance', name: 'Medical', monthlyPaise: 1 })).toMatchObject({ field: 'allowanceName' });
    expect(overrideProblem(DRIVERS, { component: 'basic', basicPercentOfGross: 70, basicMonthlyPaise: null })).toMatchObject({ field: 'basicPercentOfGross' });
    expect(overrideProblem(DRIVERS, { component: 'hra', hraPercentOfBasic: 100 })).toBeNull();
  });

  it('carries onto a structure assigned later only when it has the component', () => {
    const ravi = personStructure(DRIVERS, { component: 'allowance', name: 'Conveyance', monthlyPaise: 2_400_00 });
    const office = { name: 'Office', basicPercentOfGross: 50, hraPercentOfBasic: 40, fixedAllowances: [] };
    expect(carryOverride(office, ravi)).toBe(office);
    const drivers2 = { ...DRIVERS, name: 'Drivers 2026' };
    expect(split(carryOverride(drivers2, ravi))).toEqual([12_000, 6_000, 2_400, 9_600]);
  });
});
