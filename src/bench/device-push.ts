/**
 * Figure 20, devices pushing. 100,000 ATTLOG lines from 20 simulated devices, 500 lines a batch,
 * the devices all at once, over real HTTP to the real server (iclock protocol, parse, PIN lookup,
 * shift filing, the raw insert with its dedupe key, the merge into days), on a fresh database with
 * 10,000 employees. Then every batch is sent again (a device that lost its answers): nothing may be
 * added. Beside it, the floor: the same 100,000 punch rows written raw in one transaction. Last, the
 * day's first-in/last-out recomputed from the raw punches for 10,000 people (recomputeDays).
 *
 * `npm run bench -- --only 20` measures it beside the other figures; on its own:
 *   node --import tsx src/bench/device-push.ts                       (SQLite)
 *   DATABASE_URL=postgres://… node --import tsx src/bench/device-push.ts
 */
import type { AddressInfo } from 'node:net';
import { SimulatedDevice } from '../server/modules/devices';
import { recomputeDays } from '../server/modules/punches';
import { int, ratio, sec, type FigureResult, type Sizes } from './bench-types';
import { insertStaff, pad } from './staff';
import { openStandaloneApp, runAlone } from './standalone-app';

export async function benchDevicePush(people = 10_000, devices = 20, lines = 100_000, batch = 500, databaseUrl = process.env.DATABASE_URL || undefined) {
  const { app, ctx, engine, close } = await openStandaloneApp(databaseUrl, { APP_TIMEZONE: 'Asia/Kolkata' });
  const db = ctx.database.db;
  try {
    const now = new Date().toISOString();
    await insertStaff(db, people, { devicePins: true });
    await db
      .insertInto('devices')
      .values(Array.from({ length: devices }, (_, k) => ({ serial_number: `BENCH${pad(k + 1, 4)}`, name: `Gate ${k + 1}`, location_id: null, time_zone: null, comm_key: null, created_at: now, updated_at: now, last_contact_at: null, last_address: null, firmware: null, drift_seconds: null })))
      .execute();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // Ten days back, 10 punches a person (in, lunch out/in, out... over days), spread over the devices.
    const day0 = new Date(Date.now() - 12 * 86_400_000);
    const perDevice: string[][][] = Array.from({ length: devices }, () => []);
    for (let n = 0; n < lines; n++) {
      const person = (n % people) + 1;
      const k = Math.floor(n / people); // 0..9
      const date = new Date(day0.getTime() + Math.floor(k / 2) * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);
      const time = k % 2 === 0 ? `09:${pad(person % 60)}:${pad(n % 60)}` : `18:${pad(person % 60)}:${pad(n % 60)}`;
      perDevice[n % devices]!.push([String(person), `${date} ${time}`]);
    }
    const batches = perDevice.map((records) => Array.from({ length: Math.ceil(records.length / batch) }, (_, i) => records.slice(i * batch, (i + 1) * batch)));
    const pushAll = async () => {
      const answers = await Promise.all(
        batches.map(async (list, d) => {
          const device = new SimulatedDevice(base, `BENCH${pad(d + 1, 4)}`);
          const out: string[] = [];
          for (const b of list) out.push((await device.pushAttlog(b as [string, string][])).body);
          return out;
        }),
      );
      return answers.flat();
    };
    let started = performance.now();
    const first = await pushAll();
    const pushMs = performance.now() - started;
    if (first.some((a) => !a.startsWith('OK:'))) throw new Error(`a batch was refused: ${first.find((a) => !a.startsWith('OK:'))}`);
    started = performance.now();
    await pushAll();
    const againMs = performance.now() - started;
    const stored = Number((await db.selectFrom('punches').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const days = await db.selectFrom('attendance').select(['user_id', 'date']).execute();

    // The floor: the same rows raw, one transaction.
    const raw = await db.selectFrom('punches').selectAll().execute();
    await db.deleteFrom('punches').execute();
    started = performance.now();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < raw.length; i += 500) await trx.insertInto('punches').values(raw.slice(i, i + 500).map(({ id: _id, ...r }) => r)).execute();
    });
    const floorMs = performance.now() - started;

    // The day's first in / last out from the raw punches, for 10,000 people (one day each).
    const oneDay = days.filter((d) => d.date === days[0]!.date).slice(0, people).map((d) => ({ userId: Number(d.user_id), date: d.date }));
    started = performance.now();
    await db.transaction().execute((trx) => recomputeDays(trx, ctx.database.dialect, oneDay));
    const recomputeMs = performance.now() - started;
    return {
      engine,
      lines,
      devices,
      batch,
      pushMs: Math.round(pushMs),
      linesPerSecond: Math.round(lines / (pushMs / 1000)),
      sentAgainMs: Math.round(againMs),
      storedPunches: stored,
      duplicates: stored - lines,
      dayRecords: days.length,
      rawInsertFloorMs: Math.round(floorMs),
      recompute: { people: oneDay.length, ms: Math.round(recomputeMs) },
    };
  } finally {
    await close();
  }
}

const INGEST_TARGET_MS = 10_000;
const RECOMPUTE_TARGET_MS = 2_000;

export async function measureDevicePush(sizes: Sizes, databaseUrl: string | undefined): Promise<FigureResult> {
  const { people, devices, lines, batch } = sizes.devicePush;
  const r = await benchDevicePush(people, devices, lines, batch, databaseUrl);
  const pushed = `${int(lines)} ATTLOG lines from ${devices} devices, ${batch} a batch`;
  return {
    rows: [
      {
        id: 'devices.ingest',
        group: 20,
        label: `Devices pushing ${pushed}, all at once over HTTP (${int(people)} people)`,
        value: sec(r.pushMs / 1000),
        floor: `${sec(r.rawInsertFloorMs / 1000)} (the same punch rows raw, 1 transaction)`,
        ratio: ratio(r.pushMs, r.rawInsertFloorMs),
        target: `< ${sec(INGEST_TARGET_MS / 1000)}`,
        pass: r.pushMs < INGEST_TARGET_MS,
        note: `${int(r.linesPerSecond)} lines/s; ${int(r.dayRecords)} day records`,
      },
      {
        id: 'devices.again',
        group: 20,
        label: 'Every batch sent again: punches kept / duplicates',
        value: `${int(r.storedPunches)} / ${int(r.duplicates)}`,
        floor: '—',
        ratio: null,
        target: '0 duplicates',
        pass: r.duplicates === 0,
        note: `sent again in ${sec(r.sentAgainMs / 1000)}`,
      },
      {
        id: 'devices.recompute',
        group: 20,
        label: `First-in/last-out recomputed from the raw punches for ${int(r.recompute.people)} people`,
        value: sec(r.recompute.ms / 1000),
        floor: '—',
        ratio: null,
        target: `< ${sec(RECOMPUTE_TARGET_MS / 1000)}`,
        pass: r.recompute.ms < RECOMPUTE_TARGET_MS,
      },
    ],
    raw: { ...r },
  };
}

if (process.argv[1] && /device-push\.ts$/.test(process.argv[1])) runAlone(() => benchDevicePush());
