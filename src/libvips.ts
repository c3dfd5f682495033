/**
 * sharp (libvips), loaded the first time a page's pixels are read or painted
 * (the engine's reader, ingest's JPEG encoding: src/ingest/jpeg.ts): loading
 * its native library costs a process 0.1–0.3 s, which `docrows extract` of a
 * text PDF never needs (issue 29, a CLI that starts at once). The one place
 * that loads it on demand.
 */
import type { Sharp, SharpOptions, Metadata } from 'sharp';

type SharpModule = typeof import('sharp')['default'];

/** libvips threads asked for by the engines of this process, applied whenever sharp loads. */
let askedThreads = 0;
/** Whether this process asked libvips to keep no operation cache. */
let cacheOff = false;
/** sharp once loaded: an engine made after the first page was read still raises its threads. */
let loaded: SharpModule | undefined;

function applyAsked(sharp: SharpModule): void {
  if (askedThreads > sharp.concurrency()) sharp.concurrency(askedThreads);
  if (cacheOff) sharp.cache(false);
}

/**
 * sharp keeps libvips to one thread on glibc (to limit malloc arenas), which left a core idle while a page was decoded,
 * scaled and turned before recognition: about 0.1 s of a 300 dpi scan's 1 s. An engine that reads a page on several
 * OCR threads gives libvips as many; the output is the same (docs/engine.md, "OCR threads").
 */
export function askLibvipsThreads(threads: number): void {
  askedThreads = Math.max(askedThreads, threads);
  if (loaded) applyAsked(loaded);
}

/** No libvips operation cache in this process (an API process: every upload and crop is a different image). */
export function dropLibvipsCache(): void {
  cacheOff = true;
  if (loaded) applyAsked(loaded);
}

export async function loadSharp(): Promise<SharpModule> {
  const { default: sharp } = await import('sharp');
  applyAsked(sharp);
  loaded = sharp;
  return sharp;
}

/** A sharp pipeline over an image, its library loaded first. */
export async function sharpOf(input: Uint8Array | Buffer, options?: SharpOptions): Promise<Sharp> {
  return (await loadSharp())(input, options);
}

export async function imageMetadata(image: Uint8Array): Promise<Metadata> {
  return (await sharpOf(image)).metadata();
}
