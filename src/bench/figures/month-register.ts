/**
 * Figure 12, the monthly attendance register as .xlsx: GET /api/attendance/register/download for
 * the last complete month of the seeded history (every seeded employee × the month's days),
 * read as fast as the bench can. Beside it the floor: the same number of rows and cells written by
 * exceljs's streaming writer in this process, with no database and no HTTP. The server's RSS is
 * sampled every 50 ms from /proc during the download; growth is measured over the RSS just before.
 */
import http from 'node:http';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { daysInMonth, lastCompleteMonth } from '../../shared/payroll/pay-month';
import { int, mb, ratio, sec, type EngineSetting, type FigureResult } from '../bench-types';
import { rssDuring, rssRow } from '../server-rss';

const TARGET_MS = 5_000;

/** Writes `rows` rows of 3 text cells, `days` codes and 8 totals with exceljs's streaming writer; returns ms and bytes. */
async function floorWorkbook(rows: number, days: number): Promise<{ ms: number; bytes: number }> {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  const codes = ['P', 'P', 'P', 'WO', 'P', 'A', 'L-CL', 'P', 'HD', 'P'];
  const started = performance.now();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Register');
  ws.addRow(['Employee ID', 'Name', 'Email', ...Array.from({ length: days }, (_, i) => String(i + 1)), 'P', 'HD', 'CL', 'SL', 'EL', 'LOP', 'H', 'WO']).commit();
  for (let r = 0; r < rows; r++) {
    ws.addRow([`EMP${r}`, `Person ${r}`, `person${r}@bench.local`, ...Array.from({ length: days }, (_, d) => codes[(r + d) % codes.length]!), 20, 1, 1, 0, 0, 1, 0, 4]).commit();
  }
  ws.commit();
  await wb.commit();
  return { ms: performance.now() - started, bytes };
}

function download(s: EngineSetting, month: string): Promise<{ status: number; bytes: number; ms: number }> {
  const url = `${s.server.url}/api/attendance/register/download?month=${month}&format=xlsx`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers: { 'x-auth-token': s.adminToken } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function measureMonthRegister(s: EngineSetting): Promise<FigureResult> {
  const month = lastCompleteMonth(s.seed.until);
  const monthEnd = `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
  const employees = s.seed.employees.filter((e) => e.joinedOn <= monthEnd).length;
  const days = daysInMonth(month);
  const floor = await floorWorkbook(employees, days);
  const { out: got, rss } = await rssDuring(s.server.pid, () => download(s, month));
  const span = `${int(employees)} employees × ${days} days, ${month}`;
  return {
    raw: { month, employees, days, floor, download: got, ...rss },
    rows: [
      {
        id: 'register.xlsx',
        group: 12,
        label: `Month register to .xlsx (${span}): time`,
        value: sec(got.ms / 1000),
        floor: `${sec(floor.ms / 1000)} (exceljs streaming writer alone, same cells)`,
        ratio: ratio(got.ms, floor.ms),
        target: '< 5 s',
        pass: got.status === 200 && got.ms < TARGET_MS,
        note: `${mb(got.bytes)} downloaded` + (got.status !== 200 ? `; status ${got.status}` : ''),
      },
      rssRow(
        { id: 'register.rss', group: 12, label: 'Month register to .xlsx: server RSS growth (peak − before)', target: '< 150 MB (flat: one batch of 500 employees held at a time)', ok: true },
        rss,
      ),
    ],
  };
}
