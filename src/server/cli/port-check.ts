/** Whether PORT can be bound, asked before the slow start-up work (the client build, migrations). */
import net from 'node:net';

/**
 * Binds `host:port` for a moment and lets it go. Resolves to the bind error's code (`EADDRINUSE`,
 * `EACCES`, ...) or null when the port is free. Port 0 (any free port) is always free.
 */
export function portProblem(host: string, port: number): Promise<string | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}
