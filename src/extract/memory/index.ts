/** Layout memory: what corrections teach the layout engine about a sender's pages (README.md of src/extract, "memory/"). */
export { applyLayoutMemory } from './apply.js';
export { learnLayout, type CorrectedPage } from './learn.js';
export { identityOf, memoryOfPage, mergeLayouts } from './merge.js';
export type { LayoutMemory, LayoutModel } from './model.js';
export type { PageContent } from '../read/page-content.js';
