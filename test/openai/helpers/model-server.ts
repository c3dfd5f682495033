/**
 * A real HTTP server speaking the OpenAI chat-completions protocol on
 * 127.0.0.1, answering from a script. It records and checks what docrows
 * sends (image, schema, words, headers) so tests assert the request too.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: Array<{ role: string; content: string | Array<{ type: string; text?: string; image_url?: { url: string } }> }>;
    response_format?: { type: string; json_schema?: { name: string; strict: boolean; schema: Record<string, unknown> } };
    reasoning_effort?: string;
  };
  /** The prompt's text of the first user message. */
  text: string;
  /** The page words as sent ("x1 y1 x2 y2 text" per line), parsed. */
  words: Array<{ text: string; box: [number, number, number, number] }>;
  /** The JPEG bytes of the page image, when one was sent. */
  image: Buffer | null;
  /** The page number of the generated PDF ("Invoice page N"), 0 when absent. */
  page: number;
  /** True for the follow-up after an unusable reply. */
  repair: boolean;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** The assistant message content; objects are sent as JSON text. */
  content?: unknown;
  /** A raw body instead of a completion. */
  raw?: string;
  delayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export type Script = (req: SeenRequest, n: number) => Reply | Promise<Reply>;

export interface ModelServer {
  url: string;
  requests: SeenRequest[];
  /** Replaces the script. */
  script: Script;
  /** Stops listening (connections are refused) until start() listens on the same port again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function parse(raw: string, headers: IncomingHttpHeaders): SeenRequest {
  const body = JSON.parse(raw) as SeenRequest['body'];
  const user = body.messages.find((m) => m.role === 'user');
  const parts = Array.isArray(user?.content) ? user.content : [{ type: 'text', text: String(user?.content ?? '') }];
  const text = parts.filter((p) => p.type === 'text').map((p) => p.text ?? '').join('\n');
  const url = parts.find((p) => p.type === 'image_url')?.image_url?.url ?? '';
  const image = url.startsWith('data:image/jpeg;base64,') ? Buffer.from(url.slice('data:image/jpeg;base64,'.length), 'base64') : null;
  const wordSection = text.split('Words on the page:\n\n')[1] ?? '';
  const words = wordSection.split('\n').map((line) => /^(\d+) (\d+) (\d+) (\d+) (.+)$/.exec(line)).filter((m) => m !== null)
    .map((m) => ({ text: m[5], box: [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number] }));
  const at = words.findIndex((w, i) => w.text === 'page' && words[i - 1]?.text === 'Invoice');
  return { headers, body, text, words, image, page: at >= 0 ? Number(words[at + 1]?.text) : 0, repair: body.messages.some((m) => m.role === 'assistant') };
}

export async function startModelServer(script: Script): Promise<ModelServer> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const state: ModelServer = {
    url: '',
    requests,
    script,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          void (async () => {
            const seen = parse(Buffer.concat(chunks).toString('utf8'), req.headers);
            requests.push(seen);
            const reply = await state.script(seen, requests.length);
            if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
            if (res.destroyed) return;
            const status = reply.status ?? 200;
            res.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
            if (reply.raw !== undefined) return res.end(reply.raw);
            if (status !== 200) return res.end(JSON.stringify({ error: { message: `scripted ${status}` } }));
            const content = typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content);
            res.end(JSON.stringify({
              id: `chatcmpl-${requests.length}`, object: 'chat.completion', model: seen.body.model,
              choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
              usage: reply.usage ?? { prompt_tokens: 1000, completion_tokens: 50, total_tokens: 1050 },
            }));
          })();
        });
      });
      server.on('connection', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
      port = (server.address() as AddressInfo).port;
      state.url = `http://127.0.0.1:${port}/v1`;
    },
    close: () => state.stop(),
  };
  await state.start();
  return state;
}

/** Rows of the generated text PDF's table (test/fixtures/ingest/pdf-fixtures.ts textPdf) for page `p`. */
export function textPdfRows(p: number, rows: number): Array<{ Item: string; Qty: string; Total: string }> {
  return Array.from({ length: rows }, (_, i) => {
    const r = i + 1;
    return { Item: `Widget ${p}-${r}`, Qty: `${r}`, Total: (r * r * 1.5).toFixed(2) };
  });
}
