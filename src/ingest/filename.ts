/** A document's display filename: last path segment, no control characters, at most 255 characters. */
export function cleanFilename(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  const clean = printable.trim().slice(0, 255);
  return clean.length > 0 ? clean : fallback;
}
