/**
 * Figure 9, bytes on the wire: what the two biggest answers of the product cost to send with
 * each encoding a browser offers — the admin's full employee list (GET /api/employee, every
 * employee) and today's attendance as the dashboard polls it — and what the login page's scripts
 * and styles cost. The floor is the same answer uncompressed (identity).
 */
import http from 'node:http';
import { kb, type EngineSetting, type FigureResult, type FigureRow } from '../bench-types';

interface Sized {
  bytes: number;
  encoding: string;
}

/** The body's size as sent (not decoded), with a chosen Accept-Encoding. */
function transferSize(url: string, headers: Record<string, string>): Promise<Sized> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') })
            : reject(new Error(`${url} answered ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

const ENCODINGS = [
  ['identity', 'identity'],
  ['gzip', 'gzip'],
  ['br', 'gzip, deflate, br'],
] as const;

/** One row per encoding of one answer; compressed ones must be at most a quarter of the identity size. */
async function encodings(id: string, label: string, url: string, headers: Record<string, string>): Promise<{ rows: FigureRow[]; raw: Record<string, Sized> }> {
  const raw: Record<string, Sized> = {};
  for (const [name, accept] of ENCODINGS) raw[name] = await transferSize(url, { ...headers, 'accept-encoding': accept });
  const identity = raw.identity!.bytes;
  const rows = ENCODINGS.filter(([name]) => name !== 'identity').map(([name]): FigureRow => {
    const sent = raw[name]!;
    const r = Math.round((sent.bytes / identity) * 1000) / 1000;
    return {
      id: `${id}.${name}`,
      group: 9,
      label: `${label}, sent as ${name}`,
      value: `${kb(sent.bytes)} (${sent.encoding})`,
      floor: `${kb(identity)} (identity)`,
      ratio: r,
      target: '≤ 0.25 × identity',
      pass: sent.encoding === name && r <= 0.25,
    };
  });
  return { rows, raw };
}

/** Scripts and styles index.html names, each fetched as a browser would (br accepted). */
async function loginPageAssets(base: string): Promise<{ row: FigureRow; raw: Record<string, Sized> }> {
  const html = await (await fetch(`${base}/`)).text();
  const assets = [...html.matchAll(/(?:src|href)=["']?(\/assets\/[^"'\s>]+\.(?:js|css))/g)].map((m) => m[1]!);
  const raw: Record<string, Sized> = {};
  for (const asset of assets) raw[asset] = await transferSize(`${base}${asset}`, { 'accept-encoding': 'gzip, deflate, br' });
  const identity: Record<string, Sized> = {};
  for (const asset of assets) identity[asset] = await transferSize(`${base}${asset}`, { 'accept-encoding': 'identity' });
  const sent = Object.values(raw).reduce((sum, s) => sum + s.bytes, 0);
  const plain = Object.values(identity).reduce((sum, s) => sum + s.bytes, 0);
  return {
    row: {
      id: 'transfer.login-assets',
      group: 9,
      label: `Login page: scripts and styles it loads (${assets.length} files), sent as br`,
      value: kb(sent),
      floor: `${kb(plain)} (identity)`,
      ratio: Math.round((sent / plain) * 1000) / 1000,
      target: '≤ 0.35 × identity',
      pass: Object.values(raw).every((s) => s.encoding === 'br') && sent <= plain * 0.35,
    },
    raw,
  };
}

export async function measureTransfer(s: EngineSetting, today: string): Promise<FigureResult> {
  const admin = { 'x-auth-token': s.adminToken };
  const employees = s.seed.employees.length;
  const list = await encodings('transfer.employee-list', `GET /api/employee (${employees.toLocaleString('en-US')} employees)`, `${s.server.url}/api/employee`, admin);
  const poll = await encodings('transfer.today-poll', `Today-poll GET /api/attendance?date= (${employees.toLocaleString('en-US')} records)`, `${s.server.url}/api/attendance?date=${today}`, admin);
  const page = await loginPageAssets(s.server.url);
  return { rows: [...list.rows, ...poll.rows, page.row], raw: { employeeList: list.raw, todayPoll: poll.raw, loginAssets: page.raw } };
}
