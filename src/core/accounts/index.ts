export { type AccountInput, accountView, adminAccountView, authenticate, createAccount, getAccount, maxBatchSize, poolOf, maxQueuedDocuments, type Principal, settingsOf, tierOf, updateAccount } from './accounts.js';
export { createApiKey, revokeApiKey } from './api-keys.js';
export { listUsage } from './usage.js';
