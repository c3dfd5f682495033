/** The PDFium WebAssembly binary, compiled off the event loop (once per process, see pdf-pdfium.ts). */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** A compiled WebAssembly.Module (opaque here). */
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
