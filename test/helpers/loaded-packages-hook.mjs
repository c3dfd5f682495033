// Module resolve hook (runs on Node's hooks thread) behind loaded-packages.mjs.
import { appendFileSync } from 'node:fs';
import process from 'node:process';

const out = process.env.DOCROWS_LOADED_PACKAGES;
const seen = new Set();

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
  if (out && pkg && !seen.has(pkg)) {
    seen.add(pkg);
    appendFileSync(out, `${pkg}\n`);
  }
  return resolved;
}
