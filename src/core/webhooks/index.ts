export { enqueueWebhookEvent, registerWebhookJobs } from './deliveries.js';
export { registerWebhook, registrationView, saveRegistration, validateCallbackUrl } from './registrations.js';
