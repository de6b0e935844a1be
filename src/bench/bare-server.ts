/**
 * The floor for API overhead: a bare Fastify hello-world on loopback, in its own process started
 * the same way as the real server (node + tsx), with no plugins, no logging and no database.
 * Prints `listening http://127.0.0.1:PORT` once ready.
 */
import Fastify from 'fastify';

async function main() {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`listening ${url}`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
