/** The report says what each figure ran at, and only a merged report says that some rows came later. */
import { FULL, type FigureRow } from './bench-types';
import { renderMarkdown, type BenchReport } from './report';

const row = (group: number): FigureRow => ({ id: `g${group}`, group, label: `figure ${group}`, value: '1 s', floor: '—', ratio: null, target: '< 2 s', pass: true });

const report = (merged?: BenchReport['merged']): BenchReport => ({
  date: '2026-11-27T12:00:00.000Z',
  mode: 'full',
  durationSec: 60,
  sizes: FULL,
  machine: { cpus: 2, cpuModel: 'test', memoryGiB: 4, node: 'v20', os: 'Linux', loadAverageAtStart: [1, 1, 1], loadAverageAtEnd: [1, 1, 1] },
  commands: ['npm run bench'],
  engines: [{ engine: 'sqlite', setup: {}, rows: [row(4), row(18), row(23)], raw: {} }],
  browser: null,
  merged,
});

describe('bench report', () => {
  it('lists the sizes of the figures that ran, and no others', () => {
    const md = renderMarkdown(report());
    expect(md).toContain('| 4 | CSV import of employees | 100,000-row CSV into 30 days of history |');
    expect(md).toMatch(/\| 18 \| Employee import from .xlsx \| 10,000 employees, \d+ columns \|/);
    expect(md).toContain('| 23 | Register with salary history | 10,000 people, 1,000 with arrears |');
    expect(md).not.toMatch(/^\| 5 \| CSV export/m);
  });

  it('names merged figures only when a partial run was merged in', () => {
    expect(renderMarkdown(report())).not.toContain('merged in');
    const md = renderMarkdown(report([{ date: '2026-11-28T00:00:00.000Z', groups: [18], loadAverageAtStart: [2, 2, 2] }]));
    expect(md).toContain('Figures 18 were measured again by `npm run bench -- --only 18 --merge`');
  });
});
