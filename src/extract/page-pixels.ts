import { isPureLocationField } from './pure-location.js';
import { isTextLayerUsable } from './read/page-content.js';
import type { ExtractRequest, TextLayer } from './types.js';

/**
 * Whether an engine reads a page's pixels for a request, so a page stored
 * without its raster must be painted first: the layout engine reads a page
 * with a usable text layer from its words and size alone, unless a field asks
 * for an image region; OCR and the model engine read pixels.
 */
export function readsPixels(engineName: string, textLayer: TextLayer | null, request: Pick<ExtractRequest, 'fields'>): boolean {
  return engineName !== 'layout' || !isTextLayerUsable(textLayer) || request.fields.some(isPureLocationField);
}
