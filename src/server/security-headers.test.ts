/**
 * security-headers.ts computes helmet's headers once instead of registering @fastify/helmet (which
 * rebuilds them per request). This keeps that shortcut honest: for the same options, the headers
 * are exactly the ones @fastify/helmet puts on an answer, names and values.
 */
import Fastify from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { POLICY, SECURITY_HEADERS } from './security-headers';

const headersOf = (raw: Record<string, unknown>, names: string[]) => Object.fromEntries(names.map((name) => [name, raw[name]]));

describe('security headers', () => {
  it("are @fastify/helmet's headers for the same options", async () => {
    const bare = Fastify();
    bare.get('/', async () => ({}));
    const plain = await bare.inject('/');
    await bare.close();

    const app = Fastify();
    // Same options; the type differs only because @fastify/helmet may bring its own copy of helmet's types.
    await app.register(fastifyHelmet, POLICY as FastifyHelmetOptions);
    app.get('/', async () => ({}));
    const res = await app.inject('/');
    await app.close();

    // What helmet added to a bare answer ('date' may tick between the two requests).
    const added = Object.keys(res.headers).filter((name) => name !== 'date' && res.headers[name] !== plain.headers[name]);
    expect(added.length).toBeGreaterThan(10);
    expect(headersOf(res.headers, added)).toEqual(SECURITY_HEADERS);
  });
});
