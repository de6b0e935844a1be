/**
 * The device paths' guards over real HTTP, a simulated device as the peer: the request budget per
 * serial number and per address (429 with Retry-After, never OK, so the device keeps its records), the
 * body cap (413, nothing stored), and ATTLOG sent form-encoded (read as the same text). The clock is
 * fixed, so every request falls in one budget window.
 */
import type { AddressInfo } from 'node:net';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { istDeviceTime, SimulatedDevice } from './simulated-device';

const NOW = new Date('2026-08-03T06:30:00.000Z');

describe.each(engines)('device limits on %s', (engine) => {
  let t: TestApp;
  let base: string;

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW, deviceLimits: { perSerial: 3, perAddress: 5, bodyBytes: 2048 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    for (const serialNumber of ['CEXJ2100011', 'CEXJ2100012'])
      expect((await t.app.inject({ method: 'POST', url: '/api/devices', headers: auth(t.admin.token), payload: { serialNumber, name: `Gate ${serialNumber}` } })).statusCode).toBe(201);
  });
  afterEach(() => t.close());

  const punches = () => t.ctx.database.db.selectFrom('punches').selectAll().execute();
  const at = (minutesAgo: number) => istDeviceTime(new Date(NOW.getTime() - minutesAgo * 60_000));

  it('answers 429 with Retry-After and no OK past a serial number’s budget, then past the address’s', async () => {
    const gate = new SimulatedDevice(base, 'CEXJ2100011');
    const answers = [await gate.handshake(), await gate.pushAttlog([['42', at(5)]]), await gate.heartbeat()];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const over = await fetch(`${base}/iclock/cdata?SN=CEXJ2100011&table=ATTLOG&Stamp=1`, { method: 'POST', body: `42\t${at(4)}\t0\t1\t0\t0\t0\n`, headers: { 'content-type': 'text/plain' } });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('60');
    expect(await over.text()).not.toMatch(/^OK/);
    // The refused batch was not stored: the device sends it again in the next window.
    expect(await punches()).toHaveLength(1);

    // A second device at the same address has its own serial budget, but the address's (5) runs out.
    const side = new SimulatedDevice(base, 'CEXJ2100012');
    expect((await side.handshake()).status).toBe(200);
    const refused = await side.heartbeat();
    expect(refused.status).toBe(429);
    expect(refused.body).not.toMatch(/^OK/);
  });

  it('refuses a body over the cap with 413 and stores nothing of it', async () => {
    const gate = new SimulatedDevice(base, 'CEXJ2100011');
    // 100 lines of 33 bytes: over 2 KB.
    const lines = Array.from({ length: 100 }, (_, i) => ['42', at(120 - i)] as const);
    const big = await gate.pushAttlog(lines);
    expect(big.status).toBe(413);
    expect(big.body).not.toMatch(/^OK/);
    expect(await punches()).toHaveLength(0);
    // Within the cap, the same device's batch goes through.
    expect((await gate.pushAttlog(lines.slice(0, 10))).body).toBe('OK:10');
  });

  it('reads ATTLOG sent form-encoded as the same tab-separated lines', async () => {
    const gate = new SimulatedDevice(base, 'CEXJ2100011', { contentType: 'application/x-www-form-urlencoded' });
    const answer = await gate.pushAttlog([
      ['42', at(30), '0'],
      ['0042', at(10), '1'],
    ]);
    expect(answer).toMatchObject({ status: 200, body: 'OK:2' });
    expect((await punches()).map((p) => p.pin).sort()).toEqual(['42', '42']);
    // Operation log lines form-encoded too: acknowledged, not kept.
    expect((await gate.pushTable('OPERLOG', 'USER PIN=42\tName=Asha\tPri=0\n')).body).toMatch(/^OK/);
  });
});
