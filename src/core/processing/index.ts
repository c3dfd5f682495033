export { cancelDocument } from './cancel.js';
export { registerExtractionJobs } from './extraction-jobs.js';
export { processBatch } from './processing.js';
export { setProcessingPaused } from '../../jobs/pause-switch.js';
export { batchEngineUsage, type EngineUsageSummary } from './engine-usage.js';
