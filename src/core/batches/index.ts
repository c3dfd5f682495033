export { getBatchStatus, listBatches, PUBLIC_STATUSES, type PublicStatus, SOURCES } from './batches.js';
export { deleteBatch } from './delete.js';
