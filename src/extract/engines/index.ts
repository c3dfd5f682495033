/** The engines as the service runs them: each model tier's engine, their CPU work on engine threads. */
export { createTierEngines, type TierEngines } from './tier-engines.js';
