export { enqueueLearning, registerLayoutMemoryJobs } from './learning.js';
export { deleteMemory, listMemories, memoriesForEngine, memoryView } from './memories.js';
