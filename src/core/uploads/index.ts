export { assertBatchName } from './batch-names.js';
export { deletePrefixes, schedulePrefixes, sweepDueBlobs } from './blob-sweeps.js';
export { pageWordsKey, uploadPrefix } from './blobs.js';
export { type UploadDeps, uploadDocument, type UploadInput, type UploadOrigin } from './uploads.js';
