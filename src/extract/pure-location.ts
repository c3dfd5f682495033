import type { FieldSpec } from './types.js';

/** decisions.md "Pure-location fields": things located as a region, never read as text. */
const PICTURE_LIKE = /\b(photo(graph)?s?|portraits?|pictures?|images?|signatures?|signed by hand|logos?|stamps?|seals?|barcodes?|bar codes?|qr[\s-]?codes?|qr)\b/i;

/**
 * True when the field asks to locate a picture-like thing rather than read a
 * value: by its name or requirement, or a requirement starting with `image_region`.
 * Names such as "Image count" or "Logo text" still count: the rule is the spec's,
 * kept literal so the engine and the results code always agree.
 */
export function isPureLocationField(field: FieldSpec): boolean {
  if (/^\s*image_region\b/i.test(field.formatRequirement)) return true;
  return PICTURE_LIKE.test(splitWords(field.name)) || PICTURE_LIKE.test(field.formatRequirement);
}

/** "customerSignature" and "customer_signature" read as "customer Signature". */
function splitWords(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' ');
}
