import type { EngineName } from '../config.js';
import { createLayoutEngine, type LayoutEngineOptions } from './layout/index.js';
import type { Engine } from './types.js';

export interface EngineOptions {
  /** OCR threads the engine may use (layout). */
  ocrWorkers?: number;
}

/** The configured extraction engine (DOCROWS_ENGINE). */
export function createEngine(name: EngineName, options: EngineOptions = {}): Engine {
  switch (name) {
    case 'layout': {
      const layout: LayoutEngineOptions = options.ocrWorkers ? { ocrWorkers: options.ocrWorkers } : {};
      return createLayoutEngine(layout);
    }
    case 'openai':
      // Refused at start-up rather than failing every document later.
      throw new Error('DOCROWS_ENGINE=openai is not available in this version; use DOCROWS_ENGINE=layout.');
  }
}
