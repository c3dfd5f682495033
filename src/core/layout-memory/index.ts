export { enqueueLearning, registerLayoutMemoryJobs } from './learning.js';
export { deleteMemory, listMemories, memoriesForEngine, memoryView } from './memories.js';
export { dropPageWords, loadPageWords, loadWordsOnPage, storePageWords } from './page-words.js';
