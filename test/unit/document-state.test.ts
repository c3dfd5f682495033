import { describe, expect, it } from 'vitest';
import { aggregateStatus, isTerminal, publicStatus } from '../../src/core/shared/index.js';

/** The document status vocabulary (docs/decisions.md, Document lifecycle), below HTTP. */
describe('document states', () => {
  it('shows the internal uploaded state as queued and every other state as itself', () => {
    expect(['uploaded', 'queued', 'processing', 'succeeded', 'failed', 'canceled'].map(publicStatus))
      .toEqual(['queued', 'queued', 'processing', 'succeeded', 'failed', 'canceled']);
  });

  it('counts succeeded, failed and canceled as terminal', () => {
    expect(['uploaded', 'queued', 'processing', 'succeeded', 'failed', 'canceled'].filter(isTerminal)).toEqual(['succeeded', 'failed', 'canceled']);
  });

  it('derives a batch status: processing, else queued (uploaded too), else succeeded, else failed, else canceled', () => {
    expect(aggregateStatus(['succeeded', 'queued', 'processing'])).toBe('processing');
    expect(aggregateStatus(['succeeded', 'failed', 'uploaded'])).toBe('queued');
    expect(aggregateStatus(['canceled', 'failed', 'succeeded'])).toBe('succeeded');
    expect(aggregateStatus(['canceled', 'failed'])).toBe('failed');
    expect(aggregateStatus(['canceled'])).toBe('canceled');
  });
});
