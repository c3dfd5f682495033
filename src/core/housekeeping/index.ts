export { registerHousekeepingJobs } from './housekeeping.js';
