import { columnStats, distributeWidths, textWidthEm, type ColumnStat } from './column-widths';

interface Row {
  id: string;
  name: string;
}

const ID = { header: 'ID', nowrap: true, text: (r: Row) => r.id };
const NAME = { header: 'Name', sortable: true, text: (r: Row) => r.name };
const rows: Row[] = [
  { id: 'EMP0001', name: 'Asha Rao' },
  { id: 'EMP10000', name: 'Venkatanarasimharajuvaripeta Subramanian' },
];

describe('textWidthEm', () => {
  it('counts wide letters wider than narrow ones, and adds up', () => {
    expect(textWidthEm('MMMM')).toBeGreaterThan(textWidthEm('iiii') * 2);
    expect(textWidthEm('ab cd')).toBeCloseTo(textWidthEm('ab') + textWidthEm(' ') + textWidthEm('cd'));
    expect(textWidthEm('')).toBe(0);
  });
});

describe('columnStats', () => {
  it("makes a column at least as wide as its longest word, or its whole text when it never wraps", () => {
    const [id, name] = columnStats([ID, NAME], rows);
    expect(id!.minEm).toBeCloseTo(textWidthEm('EMP10000'));
    expect(id!.grows).toBe(false);
    expect(name!.minEm).toBeCloseTo(textWidthEm('Venkatanarasimharajuvaripeta'));
    expect(name!.prefEm).toBeGreaterThanOrEqual(name!.minEm);
    expect(name!.grows).toBe(true);
  });

  it('keeps room for the header and its sort arrow when the rows are short', () => {
    const [name] = columnStats([NAME], [{ id: '1', name: 'Al' }]);
    expect(name!.minEm).toBeGreaterThan(textWidthEm('Name'));
  });

  it('gives control columns their own sizes', () => {
    const [actions] = columnStats([{ header: 'Actions', widthEm: { min: 9, pref: 17 } }], rows);
    expect(actions).toEqual({ minEm: 9, prefEm: 17, grows: false });
  });

  it('lets a fixed-size text column share the spare room, without reading the rows', () => {
    const read: Row[] = [];
    const columns = [
      { header: 'Email', widthEm: { min: 13, pref: 20, grow: true } },
      { header: 'Date', widthEm: { min: 7 } },
    ];
    const stats = columnStats(columns, new Proxy(rows, { get: (t, k) => (typeof k === 'string' && /^\d+$/.test(k) && read.push(t[+k]!), Reflect.get(t, k)) }));
    expect(read).toEqual([]);
    expect(stats[0]).toEqual({ minEm: 13, prefEm: 20, grows: true, twoLineEm: 13 });
    // 150 + 90 minimums, the fixed column to its preferred (its header), then the rest to Email.
    const widths = distributeWidths(stats, 1000, 10, 20);
    expect(widths.reduce((x, y) => x + y, 0)).toBe(1000);
    expect(widths[1]).toBe(90);
  });

  it('sizes a clamped column for most of its texts, not the one longest', () => {
    const many: Row[] = Array.from({ length: 20 }, (_, i) => ({ id: String(i), name: `Asha Rao ${i}` }));
    many.push({ id: 'x', name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam Chandrasekharan Venkataraghavan' });
    const [wraps] = columnStats([NAME], many);
    const [clamped] = columnStats([{ ...NAME, clamp: true }], many);
    expect(clamped!.minEm).toBeCloseTo(wraps!.minEm);
    expect(clamped!.twoLineEm!).toBeLessThan(wraps!.twoLineEm! / 2);
  });
});

describe('distributeWidths', () => {
  const stats: ColumnStat[] = [
    { minEm: 5, prefEm: 5, grows: false },
    { minEm: 10, prefEm: 20, grows: true },
  ];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  it('keeps the minimums when the box is narrower (the box then scrolls)', () => {
    expect(distributeWidths(stats, 100, 10, 20)).toEqual([70, 120]);
  });

  it('fills the box exactly, between minimum and preferred', () => {
    const widths = distributeWidths(stats, 240, 10, 20);
    expect(sum(widths)).toBe(240);
    expect(widths[0]).toBe(70);
    expect(widths[1]).toBeGreaterThan(120);
    expect(widths[1]).toBeLessThan(220);
  });

  it("puts the wrapping columns on two lines before a fixed column's buttons or header on one", () => {
    const twoLines: ColumnStat[] = [
      { minEm: 5, prefEm: 9, grows: false },
      { minEm: 10, prefEm: 30, twoLineEm: 16, grows: true },
    ];
    // 70 + 120 minimums; 60 px more reach the two-line width (180) first, then the fixed column gets 40.
    expect(distributeWidths(twoLines, 250, 10, 20)).toEqual([70, 180]);
    expect(distributeWidths(twoLines, 290, 10, 20)).toEqual([110, 180]);
  });

  it('gives room beyond the preferred widths to the wrapping columns', () => {
    const widths = distributeWidths(stats, 1000, 10, 20);
    expect(sum(widths)).toBe(1000);
    expect(widths[0]).toBe(70);
  });
});
