/**
 * The PDFium WebAssembly binary, compiled off the event loop. The render pool
 * compiles it once and hands the module to every worker: V8 shares compiled
 * code between the threads that instantiate one module (~13 MB each, instead
 * of compiling it again in every worker).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** A compiled WebAssembly.Module (opaque here; it can be posted to worker threads). */
export type PdfiumWasm = object;

/** The two WebAssembly calls used: the project's TypeScript libs (no DOM) declare none of that API. */
export const wasm = (globalThis as unknown as {
  WebAssembly: {
    compile(bytes: Uint8Array): Promise<PdfiumWasm>;
    instantiate(module: PdfiumWasm, imports: unknown): Promise<never>;
  };
}).WebAssembly;

export async function compilePdfium(): Promise<PdfiumWasm> {
  const require = createRequire(import.meta.url);
  return wasm.compile(await readFile(require.resolve('@embedpdf/pdfium/pdfium.wasm')));
}
