export { indexPage, keyOf, locateRow, locateValue, type PageIndex } from './locate.js';
export { createPageOcr, type PageOcr } from './page-words.js';
export { type BboxSnapshot, getBboxForDocuments, getBboxState } from './read.js';
export { bboxRowGroupJob, registerBboxJobs } from './row-group-job.js';
export { finishRowGroup } from './settle.js';
export { toPublicBbox } from './status.js';
export { deleteBboxJobsForBatch, enqueueAutoBbox, triggerBbox } from './trigger.js';
