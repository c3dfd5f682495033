export {
  AGGREGATE_PRECEDENCE, aggregateStatus, isTerminal, type LockedRequest, PUBLIC_STATUSES, type PublicStatus, publicStatus, storedResult, type StoredResult,
  TERMINAL_STATUSES,
} from './document-state.js';
export { loadEnginePage } from './engine-page.js';
export { pageImageBytes, paintPage } from './page-images.js';
