import { createRequire } from 'node:module';

/** cli-progress (a CommonJS package) is required only when a bar is drawn on a terminal: it is tens of ms of a command's start-up. */
const require = createRequire(import.meta.url);

/** Progress of a counted task: a bar on a terminal, plain lines otherwise (logs, CI, pipes). */
export interface Progress {
  update(done: number, total: number, detail?: string): void;
  /** A message that must stay visible (a failed file), printed above the bar. */
  note(message: string): void;
  stop(): void;
}

export function createProgress(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (stream.isTTY) {
    const cliProgress = require('cli-progress') as typeof import('cli-progress');
    const bar = new cliProgress.SingleBar({
      stream,
      format: `${label} [{bar}] {value}/{total} {detail}`,
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 20,
    }, cliProgress.Presets.shades_classic);
    let started = false;
    return {
      update(done, total, detail = '') {
        if (!started) { bar.start(total, done, { detail }); started = true; return; }
        bar.setTotal(total);
        bar.update(done, { detail });
      },
      note(message) { stream.write(`\r\x1b[K${message}\n`); },
      stop() { if (started) bar.stop(); },
    };
  }
  let last = '';
  return {
    update(done, total, detail = '') {
      const line = `${label}: ${done}/${total}${detail ? ` ${detail}` : ''}`;
      if (line !== last) stream.write(`${line}\n`);
      last = line;
    },
    note(message) { stream.write(`${message}\n`); },
    stop() {},
  };
}
