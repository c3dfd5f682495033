export { correctLineItems, listRevisions, recordEngineOutput } from './corrections.js';
export { revisionView } from './revision-view.js';
