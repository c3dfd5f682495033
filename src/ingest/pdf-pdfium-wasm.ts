/** The PDFium WebAssembly binary, compiled off the event loop (once per process, see pdf-pdfium.ts). */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';

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

let shortLived = false;

/**
 * Called by a process that reads a few pages and exits (`docrows extract`): PDFium then stays on V8's baseline
 * WebAssembly code. Otherwise V8 recompiles PDFium's hot functions with its optimizing compiler on other threads,
 * which on a one-page text PDF costs more CPU than it saves (docs/measurements.md, "The CLI's start, second round").
 */
export function pdfiumForShortLife(): void {
  shortLived = true;
}

/**
 * Runs `start` (PDFium's compile and instantiation) with V8's optimizing tier off for the WebAssembly it compiles,
 * in a short-lived process. The flag is V8's and process-wide, so it is set back as soon as PDFium is compiled:
 * nothing else compiles WebAssembly before then in such a process (tesseract.js, the other wasm user, starts its
 * workers only for a page read by OCR, after the file is opened).
 */
export async function startPdfium<T>(start: () => Promise<T>): Promise<T> {
  if (!shortLived) return start();
  setFlagsFromString('--liftoff-only');
  try {
    return await start();
  } finally {
    setFlagsFromString('--no-liftoff-only');
  }
}
