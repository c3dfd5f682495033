import { describe, expect, it } from 'vitest';
import { chainKey, icdarSplit, parseSplits, realSender, realSplit, seedSplit, senderSplit, splitSeeds } from '../../bench/lib/splits.js';

describe('tuning and held-out splits (bench/lib/splits.ts)', () => {
  it('splits generator seeds as the earlier dev/test hash did, and lists a split in order', () => {
    // The former dev split's first seeds (mix(seed, 0x5eed) even) stay tuning.
    const tuning = splitSeeds('tuning', 5);
    expect(tuning.every((s) => seedSplit(s) === 'tuning')).toBe(true);
    expect(splitSeeds('heldout', 5).every((s) => seedSplit(s) === 'heldout')).toBe(true);
    expect(new Set([...tuning, ...splitSeeds('heldout', 5)]).size).toBe(10);
    expect(splitSeeds('tuning', 3, tuning[1])).toEqual(tuning.slice(1, 4));
  });

  it('puts every branch of a chain and every document of a merchant on one side', () => {
    expect(chainKey('GARDENIA BAKERIES (KL) SDN BHD')).toBe(chainKey('GARDENIA BAKERIES (KI ) SDN BHD'));
    expect(chainKey('BHPETROL SUBANG AIRPORT')).toBe(chainKey('BHPETROL PALEKBANG'));
    expect(chainKey('RESTORAN WAN SHENG')).toBe('wan');
    const a = { source: 'sroie', doc: 'sroie-1', fields: { merchant_name: '99 SPEED MART S/B' } };
    const b = { source: 'sroie', doc: 'sroie-2', fields: { merchant_name: '99 Speed Mart S/B (Branch 2)' } };
    expect(realSender(a)).toBe(realSender(b));
    expect(realSplit(a)).toBe(realSplit(b));
    const toom1 = { source: 'receipts-de', doc: 'rde-toom_02052020_01_01999' };
    const toom2 = { source: 'receipts-de', doc: 'rde-toom_06042020_01_04999' };
    expect(realSender(toom1)).toBe('receipts-de:toom');
    expect(realSplit(toom1)).toBe(realSplit(toom2));
  });

  it('gives a line-item case the seller of its document, and an invoice without a seller its document series', () => {
    const fieldsCase = { source: 'zugferd', doc: 'zf1-waren', fields: { seller_name: 'MUSTERLIEFERANT GMBH' } };
    const linesCase = { source: 'zugferd', doc: 'zf1-waren' };
    expect(realSender(linesCase, [fieldsCase, linesCase])).toBe('invoice:musterlieferant gmbh');
    expect(realSender({ source: 'zugferd', doc: 'zf-gnuacc-re9', fields: { buyer_name: 'X' } })).toBe('zugferd:zf-gnuacc');
  });

  it('splits senders about evenly and keeps an ICDAR a/b pair together', () => {
    const senders = Array.from({ length: 400 }, (_, i) => `sroie:shop${i}`);
    const tuning = senders.filter((s) => senderSplit(s) === 'tuning').length;
    expect(tuning).toBeGreaterThan(150);
    expect(tuning).toBeLessThan(250);
    expect(icdarSplit('us-031a')).toBe(icdarSplit('us-031b'));
  });

  it('reads --split, with the old names, and refuses an unknown one', () => {
    expect(parseSplits(undefined)).toEqual(['tuning', 'heldout']);
    expect(parseSplits('tuning')).toEqual(['tuning']);
    expect(parseSplits('dev,test')).toEqual(['tuning', 'heldout']);
    expect(() => parseSplits('train')).toThrow(/unknown split train/);
  });
});
