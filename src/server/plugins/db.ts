/**
 * The database belongs to the app that serves it: closing the app closes it. Registered before
 * every other plugin, so its onClose runs after theirs (Fastify runs onClose hooks last-in,
 * first-out), when the payroll sends in flight have been recorded and the invitation batch is done.
 */
import fp from 'fastify-plugin';
import type { Database } from '../db/database';

export const dbPlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    app.addHook('onClose', () => database.close());
  },
  { name: 'db' },
);
