import { describe, expect, it } from 'vitest';
import { isPureLocationField } from '../../src/extract/pure-location.js';
import { pickRegionForField } from '../../src/extract/read/picture-regions.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

describe('pure-location fields', () => {
  it('follows decisions.md: picture-like names or requirements, or image_region requirements', () => {
    const f = (name: string, formatRequirement = '') => isPureLocationField({ name, formatRequirement });
    expect(['Photo', 'Portrait', 'customerSignature', 'Company Logo', 'Stamp', 'Seal', 'QR code', 'Barcode', 'Picture'].map((n) => f(n))).toEqual(
      new Array(9).fill(true),
    );
    expect(f('Holder', 'the passport photo')).toBe(true);
    expect(f('Region', 'image_region of the chart')).toBe(true);
    expect(['Invoice No', 'Amount', 'Signed date?'].map((n) => f(n))).toEqual([false, false, false]);
  });

  it('picks the region that suits the field', () => {
    const top = { x1: 0.1, y1: 0.02, x2: 0.3, y2: 0.08 };
    const bottomWide = { x1: 0.5, y1: 0.85, x2: 0.8, y2: 0.9 };
    const square = { x1: 0.6, y1: 0.2, x2: 0.8, y2: 0.35 };
    expect(pickRegionForField('Logo', [bottomWide, top, square], DEFAULT_SETTINGS)).toEqual(top);
    expect(pickRegionForField('Signature', [top, square, bottomWide], DEFAULT_SETTINGS)).toEqual(bottomWide);
    expect(pickRegionForField('Photo', [top, bottomWide, square], DEFAULT_SETTINGS)).toEqual(square);
    expect(pickRegionForField('Photo', [], DEFAULT_SETTINGS)).toBeNull();
  });
});
