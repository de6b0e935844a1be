/** Dated rule versions: which version a day uses, how a month is split between versions, and ages on a day. */
import fc from 'fast-check';
import { SHIPPED_BOOK } from './rule-catalogue';
import { ageOn, birthdayAt, derivedEpsEligibility, nonMemberProblem } from './pf-membership';
import { makeRuleBook, monthBounds, versionOn, versionSpans, type RuleVersion } from './rule-versions';

const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe('rule versions', () => {
  it('uses, on any day, the latest version whose first day is on or before it (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(day, { minLength: 1, maxLength: 8 }), day, (starts, on) => {
        const versions: RuleVersion[] = starts.map((effectiveFrom, i) => ({ key: 'k', effectiveFrom, value: i, source: `s${i}`, note: '' }));
        const found = versionOn(makeRuleBook(versions), 'k', on);
        const expected = versions.filter((v) => v.effectiveFrom <= on).sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)).at(-1) ?? null;
        expect(found).toEqual(expected);
      }),
    );
  });

  it('lets a later-added version with the same first day replace the earlier one', () => {
    const book = makeRuleBook([
      { key: 'k', effectiveFrom: '2026-01-01', value: 1, source: 'a', note: '' },
      { key: 'k', effectiveFrom: '2026-01-01', value: 2, source: 'b', note: '' },
    ]);
    expect(book.get('k')).toHaveLength(1);
    expect(versionOn(book, 'k', '2026-02-01')!.value).toBe(2);
  });

  it('ships the PF ceiling: ₹15,000 to 16 Sep 2026, ₹25,000 from 17 Sep 2026 (S.O. 5109(E))', () => {
    expect(versionOn(SHIPPED_BOOK, 'pf.wageCeiling', '2026-09-16')!.value).toBe(15_000_00);
    const sep17 = versionOn(SHIPPED_BOOK, 'pf.wageCeiling', '2026-09-17')!;
    expect(sep17.value).toBe(25_000_00);
    expect(sep17.source).toMatch(/S\.O\. 5109\(E\) of 17 Sep 2026/);
    expect(versionOn(SHIPPED_BOOK, 'pf.wageCeiling', '2014-08-31')!.value).toBe(6_500_00);
    expect(versionOn(SHIPPED_BOOK, 'pf.wageCeiling', '2014-09-01')!.value).toBe(15_000_00);
    expect(versionOn(SHIPPED_BOOK, 'pf.wageCeiling', '2000-12-31')).toBeNull();
  });

  it('splits September 2026 into 16 days at the old ceiling and 14 at the new', () => {
    const { from, to } = monthBounds('2026-09');
    expect([from, to]).toEqual(['2026-09-01', '2026-09-30']);
    expect(versionSpans(SHIPPED_BOOK, 'pf.wageCeiling', from, to).map((s) => [s.version.value, s.from, s.to, s.days])).toEqual([
      [15_000_00, '2026-09-01', '2026-09-16', 16],
      [25_000_00, '2026-09-17', '2026-09-30', 14],
    ]);
    expect(versionSpans(SHIPPED_BOOK, 'pf.wageCeiling', '2026-10-01', '2026-10-31').map((s) => s.days)).toEqual([31]);
    expect(monthBounds('2028-02').to).toBe('2028-02-29');
  });

  it('the spans of any stretch cover its days exactly once (property)', () => {
    fc.assert(
      fc.property(day.filter((d) => d >= '2001-06-01'), fc.integer({ min: 0, max: 400 }), (from, length) => {
        const to = new Date(Date.parse(`${from}T00:00:00Z`) + length * 86_400_000).toISOString().slice(0, 10);
        const spans = versionSpans(SHIPPED_BOOK, 'pf.wageCeiling', from, to);
        expect(spans.reduce((n, s) => n + s.days, 0)).toBe(length + 1);
        expect(spans[0]!.from).toBe(from);
        expect(spans.at(-1)!.to).toBe(to);
      }),
    );
  });
});

describe('person facts', () => {
  it('counts completed years, a 29 February birthday reaching it on 1 March', () => {
    expect(ageOn('1968-03-15', '2026-03-14')).toBe(57);
    expect(ageOn('1968-03-15', '2026-03-15')).toBe(58);
    expect(ageOn('1968-02-29', '2026-02-28')).toBe(57);
    expect(ageOn('1968-02-29', '2026-03-01')).toBe(58);
    expect(birthdayAt('1968-02-29', 58)).toBe('2026-03-01');
    expect(birthdayAt('1968-03-15', 58)).toBe('2026-03-15');
  });

  it('derives EPS eligibility from the first membership and the ceiling in force that day', () => {
    const eligible = (firstJoinedOn: string | null, rupees: number | null) =>
      derivedEpsEligibility({ firstJoinedOn, wageAtJoiningPaise: rupees === null ? null : rupees * 100 }, SHIPPED_BOOK).eligible;
    expect(eligible('2014-08-31', 50_000)).toBe(true);
    expect(eligible('2014-09-01', 15_000)).toBe(true);
    expect(eligible('2014-09-01', 15_001)).toBe(false);
    expect(eligible('2026-09-16', 20_000)).toBe(false);
    expect(eligible('2026-09-17', 20_000)).toBe(true);
    expect(eligible('2026-09-17', 25_000)).toBe(true);
    expect(eligible('2026-09-17', 25_001)).toBe(false);
    expect(eligible('2025-01-10', null)).toBe(true);
  });

  it('allows a non-member only when joined above the ceiling with no UAN and no earlier membership', () => {
    const problem = (o: Partial<Parameters<typeof nonMemberProblem>[0]>) =>
      nonMemberProblem({ uan: null, firstJoinedOn: null, wageAtJoiningPaise: 30_000_00, joinedOn: '2026-10-01', ...o }, SHIPPED_BOOK);
    expect(problem({})).toBeNull();
    expect(problem({ wageAtJoiningPaise: 25_000_00 })).toMatch(/within the ₹25,000 ceiling/);
    expect(problem({ wageAtJoiningPaise: 20_000_00, joinedOn: '2025-06-01' })).toBeNull();
    expect(problem({ uan: '100123456789' })).toMatch(/UAN/);
    expect(problem({ firstJoinedOn: '2020-01-01' })).toMatch(/first PF membership date/);
    expect(problem({ wageAtJoiningPaise: null })).toMatch(/Give the PF wages at joining/);
  });
});
