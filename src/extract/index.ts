import type { EngineName } from '../config.js';
import { createLayoutEngine } from './layout/index.js';
import type { Engine } from './types.js';

export interface EngineOptions {
  /** OCR threads the engine may use (layout). */
  ocrWorkers?: number;
}

/** Refuses an engine this version cannot run, so a process stops at start-up instead of failing every document. */
export function assertEngineAvailable(name: EngineName): void {
  if (name === 'openai') throw new Error('DOCROWS_ENGINE=openai is not available in this version; use DOCROWS_ENGINE=layout.');
}

/** The configured extraction engine (DOCROWS_ENGINE). */
export function createEngine(name: EngineName, options: EngineOptions = {}): Engine {
  assertEngineAvailable(name);
  return createLayoutEngine(options.ocrWorkers ? { ocrWorkers: options.ocrWorkers } : {});
}
