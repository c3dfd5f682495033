export { enqueueWebhookEvent, registerWebhookJobs, signDelivery } from './deliveries.js';
export { registerWebhook, registrationView, saveRegistration, validateCallbackUrl } from './registrations.js';
