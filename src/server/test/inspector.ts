/**
 * A minimal Chrome DevTools Protocol client for a child started with `--inspect=127.0.0.1:0`: just
 * enough WebSocket (RFC 6455 text frames) to force a full garbage collection and read the heap.
 * The soak uses it to compare the live heap after warm-up with the live heap at the end; without a
 * forced collection V8 may go a minute without a full GC, and the heap then looks like it grows.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface Inspector {
  /** Runs a full GC in the server and returns its heap in use afterwards, in MB. */
  liveHeapMb(): Promise<number>;
  close(): void;
}

export function connectInspector(wsUrl: string): Promise<Inspector> {
  const url = new URL(wsUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': randomBytes(16).toString('base64') },
    });
    req.on('error', reject);
    req.on('response', (res) => reject(new Error(`inspector refused the upgrade: ${res.statusCode}`)));
    req.on('upgrade', (_res, socket: Socket) => {
      let nextId = 1;
      const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
      let buffer = Buffer.alloc(0);
      socket.on('data', (data: Buffer) => {
        buffer = Buffer.concat([buffer, data]);
        for (;;) {
          const frame = readFrame(buffer);
          if (!frame) break;
          buffer = buffer.subarray(frame.size);
          if (frame.opcode !== 1) continue;
          const message = JSON.parse(frame.payload.toString('utf8')) as { id?: number; result?: unknown; error?: { message: string } };
          const w = message.id === undefined ? undefined : waiting.get(message.id);
          if (!w) continue;
          waiting.delete(message.id!);
          if (message.error) w.reject(new Error(message.error.message));
          else w.resolve(message.result);
        }
      });
      socket.on('close', () => {
        for (const w of waiting.values()) w.reject(new Error('inspector connection closed'));
        waiting.clear();
      });
      const send = (method: string, params: object = {}) =>
        new Promise<unknown>((res, rej) => {
          const id = nextId++;
          waiting.set(id, { resolve: res, reject: rej });
          socket.write(textFrame(JSON.stringify({ id, method, params })));
        });
      resolve({
        async liveHeapMb() {
          await send('HeapProfiler.collectGarbage');
          const usage = (await send('Runtime.getHeapUsage')) as { usedSize: number };
          return Math.round((usage.usedSize / 1024 / 1024) * 10) / 10;
        },
        close: () => socket.destroy(),
      });
    });
    req.end();
  });
}

/** A masked client text frame. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const mask = randomBytes(4);
  const len = payload.length;
  const header = len < 126 ? Buffer.from([0x81, 0x80 | len]) : len < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (len >= 126 && len < 65536) {
    header[0] = 0x81;
    header[1] = 0x80 | 126;
    header.writeUInt16BE(len, 2);
  } else if (len >= 65536) {
    header[0] = 0x81;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(len), 2);
  }
  const masked = Buffer.alloc(len);
  for (let i = 0; i < len; i++) masked[i] = payload[i]! ^ mask[i % 4]!;
  return Buffer.concat([header, mask, masked]);
}

/** One complete server frame at the start of the buffer (servers do not mask), or undefined. */
function readFrame(buf: Buffer): { opcode: number; payload: Buffer; size: number } | undefined {
  if (buf.length < 2) return undefined;
  const opcode = buf[0]! & 0x0f;
  let len = buf[1]! & 0x7f;
  let offset = 2;
  if (len === 126) {
    if (buf.length < 4) return undefined;
    len = buf.readUInt16BE(2);
    offset = 4;
  } else if (len === 127) {
    if (buf.length < 10) return undefined;
    len = Number(buf.readBigUInt64BE(2));
    offset = 10;
  }
  if (buf.length < offset + len) return undefined;
  return { opcode, payload: buf.subarray(offset, offset + len), size: offset + len };
}
