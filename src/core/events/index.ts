export { eventView, FEED_TYPES, listEvents, onDocumentTerminal, purgeOldEvents } from './events.js';
