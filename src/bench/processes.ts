/**
 * Child processes of a bench run: the real server (src/server/main.ts, as `npm start` runs it), the
 * bare Fastify floor, and the autocannon load runner. Each is `node --import tsx <script>`, so the
 * pid we hold is the server itself (its /proc/<pid>/status is the RSS we sample), not a wrapper.
 */
import path from 'node:path';
import readline from 'node:readline';
import { spawn, type ChildProcess } from 'node:child_process';
import { readRssKb } from '../server/test/reliability-harness';
import type { LoadResult, LoadSpec } from './load';

export const ROOT = path.resolve(__dirname, '../..');
const TSX = ['--import', 'tsx'];

export interface ChildServer {
  url: string;
  pid: number;
  /** The last few KB the child printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

const OUTPUT_KEEP = 20_000;

function startChild(script: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs = 120_000): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, [...TSX, path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-OUTPUT_KEEP);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    // A server finishing in-flight work (payroll sends) gets a while; then it is killed.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };

  return new Promise<ChildServer>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      const m = ready.exec(output);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve({ url: m[1]!.replace('localhost', '127.0.0.1'), pid: child.pid!, output: () => output, stop });
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

export interface AppServerOptions {
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  timeZone: string;
  /** Extra environment (e.g. SQLITE_SYNCHRONOUS). */
  env?: Record<string, string>;
}

/** The real server on loopback, port chosen by the OS, API and built SPA, mail to the outbox. */
export function startAppServer(opts: AppServerOptions): Promise<ChildServer> {
  return startChild(
    'src/server/main.ts',
    ['--no-build'],
    {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      JWT_SECRET: opts.jwtSecret,
      LOG_LEVEL: 'warn',
      APP_TIMEZONE: opts.timeZone,
      SMTP_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ...opts.env,
    },
    /running at (http:\/\/localhost:\d+)/,
  );
}

/** The bare Fastify hello-world floor. */
export function startBareServer(): Promise<ChildServer> {
  return startChild('src/bench/bare-server.ts', [], process.env, /listening (http:\/\/\S+)/);
}

export interface LoadRunner {
  /** Runs one measurement in the runner process; measurements run one at a time, in call order. */
  run(spec: LoadSpec): Promise<LoadResult>;
  stop(): Promise<void>;
}

/** Starts the autocannon runner process (src/bench/load.ts), kept for the whole bench run. */
export function startLoadRunner(): LoadRunner {
  const child = spawn(process.execPath, [...TSX, path.join(ROOT, 'src/bench/load.ts')], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting: { resolve: (r: LoadResult) => void; reject: (e: Error) => void }[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-OUTPUT_KEEP)));
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const next = waiting.shift();
    if (!next) return;
    const answer = JSON.parse(line) as LoadResult | { error: string };
    if ('error' in answer) next.reject(new Error(`load runner: ${answer.error}`));
    else next.resolve(answer);
  });
  child.once('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`load runner exited (${code}): ${stderr}`));
  });
  return {
    run(spec) {
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(JSON.stringify(spec) + '\n');
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin.end();
      await exited;
    },
  };
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak and the sample count. */
export function sampleRss(pid: number, everyMs = 50): { stop(): { peakKb: number; samples: number } } {
  let peakKb = readRssKb(pid) ?? 0;
  let samples = 1;
  const timer = setInterval(() => {
    const kb = readRssKb(pid);
    if (kb === undefined) return;
    samples += 1;
    if (kb > peakKb) peakKb = kb;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const kb = readRssKb(pid);
      if (kb !== undefined && kb > peakKb) peakKb = kb;
      return { peakKb, samples };
    },
  };
}
