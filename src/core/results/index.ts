export { batchDocuments, findBatch, resolveMergeConfig } from './batch-documents.js';
export { documentView } from './document-view.js';
export { getDocument, getDocumentImage } from './documents.js';
export { MergeGrouper, type MergeOutput, type Row } from './merge.js';
export { batchResults, mergeablePage, parseInclude, revisionRows } from './results.js';
