export { type LockedRequest, publicStatus } from './document-state.js';
