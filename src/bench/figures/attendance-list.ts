/**
 * Figure 15, the admin attendance list over the longest range it takes (366 days ending on the
 * seed's last day): GET /api/attendance read as fast as the bench can, without compression. An
 * answer this large is streamed a day at a time, so the server's RSS, sampled every 50 ms from /proc,
 * must stay flat however many rows the year holds (measured over the RSS just before the request).
 */
import http from 'node:http';
import { shiftDate } from '../../shared/format';
import { int, mb, sec, type EngineSetting, type FigureResult } from '../bench-types';
import { rssDuring, rssRow } from '../server-rss';


/** Reads the answer, counting bytes and records (one `"_id":` per record) as they arrive. */
function read(url: string, token: string): Promise<{ status: number; records: number; bytes: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers: { 'x-auth-token': token, 'accept-encoding': 'identity' } }, (res) => {
        let records = 0;
        let bytes = 0;
        let carry = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          bytes += Buffer.byteLength(chunk);
          const text = carry + chunk;
          records += text.split('"_id":').length - 1;
          // The tail that may hold the start of a marker split across two chunks; five characters
          // cannot hold a whole six-character marker, so none is counted twice.
          carry = text.slice(-5);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, records, bytes, ms: performance.now() - started }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function measureAttendanceYearList(s: EngineSetting): Promise<FigureResult> {
  const to = s.seed.until;
  const from = shiftDate(to, -365);
  const { out: got, rss } = await rssDuring(s.server.pid, () => read(`${s.server.url}/api/attendance?startDate=${from}&endDate=${to}`, s.adminToken));
  return {
    raw: { from, to, got, ...rss },
    rows: [
      rssRow(
        {
          id: 'attendance-list.year.rss',
          group: 15,
          label: `Admin attendance list, 366 days (${int(got.records)} records, streamed): server RSS growth (peak − before)`,
          ok: got.status === 200,
          note: `${mb(got.bytes)} in ${sec(got.ms / 1000)}${got.status === 200 ? '' : `, status ${got.status}`}; `,
        },
        rss,
      ),
    ],
  };
}
