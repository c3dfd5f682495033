import type { FieldSpec } from '../types';

/** Editable name + format requirement rows (ad-hoc fields of a process call). */
export function FieldRows({ fields, onChange }: { fields: FieldSpec[]; onChange: (f: FieldSpec[]) => void }) {
  const set = (i: number, patch: Partial<FieldSpec>) => onChange(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <div class="field-rows">
      {fields.map((f, i) => (
        <div class="row field-row">
          <input name={`field-name-${i}`} aria-label={`Field ${i + 1} name`} placeholder="Field name, e.g. Total" value={f.name} onInput={(e) => set(i, { name: e.currentTarget.value })} />
          <input name={`field-format-${i}`} class="grow" aria-label={`Field ${i + 1} format requirement`} placeholder="Format requirement (optional), e.g. number with 2 decimals" value={f.format_requirement} onInput={(e) => set(i, { format_requirement: e.currentTarget.value })} />
          <button type="button" class="link" aria-label={`Remove field ${i + 1}`} onClick={() => onChange(fields.filter((_, j) => j !== i))}>✕</button>
        </div>
      ))}
      <button type="button" class="link" onClick={() => onChange([...fields, { name: '', format_requirement: '' }])}>+ Add field</button>
    </div>
  );
}
