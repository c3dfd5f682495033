/**
 * A hostile HTTP origin on raw TCP, so it can do what well-behaved servers
 * cannot: declare a length and close early, trickle, never end, loop.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface HostileOrigin {
  url(path: string): string;
  close(): Promise<void>;
}

const MiB = 1024 * 1024;

function head(socket: Socket, status: string, headers: Record<string, string | number>): void {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.write(`HTTP/1.1 ${status}\r\n${lines}\r\n`);
}

/** Writes `total` bytes in 64 KiB chunks as fast as the peer reads, then calls `then`. */
function pour(socket: Socket, total: number, then: () => void): void {
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  let sent = 0;
  const more = (): void => {
    while (sent < total && !socket.destroyed) {
      const n = Math.min(chunk.length, total - sent);
      sent += n;
      if (!socket.write(chunk.subarray(0, n))) return void socket.once('drain', more);
    }
    if (!socket.destroyed) then();
  };
  more();
}

const ROUTES: Record<string, (socket: Socket, url: URL) => void> = {
  // Content-Length 20 MiB (or ?mib=), then FIN after a few MiB: undici 7 asserted and killed the process here.
  '/short': (s, url) => {
    const declared = Number(url.searchParams.get('mib') ?? 20) * MiB;
    head(s, '200 OK', { 'content-length': declared, 'content-type': 'application/pdf' });
    pour(s, Math.min(declared - 1, 3 * MiB), () => s.end());
  },
  // Chunked and never ending: only the byte cap stops it.
  '/endless': (s) => {
    head(s, '200 OK', { 'transfer-encoding': 'chunked' });
    const chunk = Buffer.alloc(64 * 1024, 0x42);
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    const more = (): void => {
      while (!s.destroyed) if (!s.write(frame)) return void s.once('drain', more);
    };
    more();
  },
  // One byte every 200 ms forever: each read is in time, only the overall deadline ends it.
  '/trickle': (s) => {
    head(s, '200 OK', { 'content-length': 10 * MiB });
    const timer = setInterval(() => (s.destroyed ? clearInterval(timer) : s.write('x')), 200);
  },
  // Headers, then silence: the read timeout ends it.
  '/stall': (s) => head(s, '200 OK', { 'content-length': 1000 }),
  // Redirects to itself, forever.
  '/loop': (s) => {
    head(s, '302 Found', { location: '/loop', 'content-length': 0 });
  },
  // Says it is small, sends more: only the declared bytes count (HTTP framing), the rest is ignored.
  '/lying-small': (s) => {
    head(s, '200 OK', { 'content-length': 10 });
    s.end(Buffer.alloc(4096, 0x43));
  },
};

export async function startHostileOrigin(): Promise<HostileOrigin> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let got = '';
    socket.on('data', (d) => {
      if (got.includes('\r\n\r\n')) return;
      got += d.toString('latin1');
      if (!got.includes('\r\n\r\n')) return;
      const url = new URL(got.split(' ')[1] ?? '/', 'http://origin');
      const route = ROUTES[url.pathname];
      if (route) route(socket, url);
      else socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
