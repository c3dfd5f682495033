/** The engines' faces: the built-in layout engine and the model engine over any OpenAI-compatible server. */
export { createLayoutEngine, isTextLayerUsable } from './layout/index.js';
export { createOpenAiEngine, type OpenAiEngineOptions } from './openai/engine.js';
export { ModelClient, type ClientLog } from './openai/client.js';
export { createPageViewer, type PageView, type PageViewer, type PageViewRequest } from './openai/page-view.js';
