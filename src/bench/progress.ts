/**
 * A progress bar on stderr for long bench steps: redrawn in place on a terminal, and as a plain
 * line every few seconds when stderr is a file or a pipe (CI logs, `npm run bench > log`).
 */

export interface Progress {
  /** Moves the bar to `done` of its total. */
  update(done: number): void;
  /** Draws the final state and ends the line. */
  finish(note?: string): void;
}

const BAR_WIDTH = 28;
const LINE_EVERY_MS = 5_000;
const REDRAW_EVERY_MS = 100;

export function createProgress(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = stream.isTTY === true;
  const started = performance.now();
  // A terminal redraws at once; a log gets its first line after LINE_EVERY_MS, so short steps print one line.
  let last = tty ? 0 : started;
  let done = 0;

  const render = () => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    const counts = `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} (${rate.toLocaleString('en-US')}/s, ${seconds.toFixed(1)} s)`;
    if (!tty) return `${label}: ${Math.floor(ratio * 100)}% ${counts}`;
    const filled = Math.round(ratio * BAR_WIDTH);
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${counts}`;
  };

  return {
    update(value) {
      done = value;
      const now = performance.now();
      if (now - last < (tty ? REDRAW_EVERY_MS : LINE_EVERY_MS)) return;
      last = now;
      stream.write(tty ? `\r${render()}\x1b[K` : `${render()}\n`);
    },
    finish(note) {
      done = Math.max(done, total);
      const line = render() + (note ? ` ${note}` : '');
      stream.write(tty ? `\r${line}\x1b[K\n` : `${line}\n`);
    },
  };
}

/** A progress that draws nothing (tests, and callers that report elsewhere). */
export const silentProgress = (): Progress => ({ update() {}, finish() {} });
