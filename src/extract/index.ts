/** The engines' faces: the built-in layout engine and the model engine over any OpenAI-compatible server. */
export { createLayoutEngine } from './layout/index.js';
export { isTextLayerUsable } from './read/page-content.js';
export { readsPixels } from './page-pixels.js';
export { createPageReader, type PageReader } from './read/page-reader.js';
/** The line stage and the box helpers, for the bbox pass (src/core/bbox/locate.ts): words grouped as the engine groups them. */
export { groupWordsIntoLines } from './layout/lines/lines.js';
export { roundBox, unionBoxes } from './layout/lines/geometry.js';
export { createOpenAiEngine, type OpenAiEngineOptions } from './openai/engine.js';
export { ModelClient, type ClientLog } from './openai/client.js';
export { createPageViewer, type PageView, type PageViewer, type PageViewRequest } from './openai/page-view.js';
