export { getBatchStatus, listBatches, SOURCES } from './batches.js';
export { deleteBatch } from './delete.js';
