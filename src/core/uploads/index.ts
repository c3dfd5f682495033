export { assertBatchName } from './batch-names.js';
export { deletePrefixes, schedulePrefixes, sweepDueBlobs } from './blob-sweeps.js';
export { uploadPrefix } from './blobs.js';
export { uploadDocument, type UploadInput } from './uploads.js';
export { type UploadDeps } from './uploads.js';
