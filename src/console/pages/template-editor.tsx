import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../api';
import { go, href } from '../router';
import type { Template, TemplateField } from '../types';
import { ErrorNote, Section, useLoad } from '../ui';

/** Finds one template through the list (there is no GET /templates/{id}). */
async function loadTemplate(api: Api, id: number): Promise<Template> {
  let token: string | null = null;
  do {
    const page: { data: Template[]; next_page_token: string | null } = await api.get('/templates', { limit: 100, page_token: token });
    const found = page.data.find((t) => t.id === id);
    if (found) return found;
    token = page.next_page_token;
  } while (token);
  throw new Error(`Template ${id} was not found.`);
}

/** Fields (rename, format requirement, add, delete, reorder by dragging or arrows), settings, delete. */
export function TemplateEditor({ api, id }: { api: Api; id: number }) {
  const template = useLoad(() => loadTemplate(api, id), [api, id]);
  const [error, setError] = useState<unknown>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const t = template.data;
  const base = `/templates/${id}`;

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      template.reload();
    } catch (err) {
      setError(err);
    }
  };
  const reorder = (ids: number[]) => run(() => api.send('PATCH', `${base}/fields/order`, { field_ids: ids }));
  const remove = () => run(async () => { await api.send('DELETE', base); go('templates'); });

  return (
    <>
      <Section title={t ? `Template ${t.name}` : 'Template'} actions={<a href={href('templates')}>← Templates</a>}>
        <ErrorNote error={template.error ?? error} />
        {t && <FieldList fields={t.fields} onSave={(f, patch) => run(() => api.send('PUT', `${base}/fields/${f.id}`, patch))}
          onDelete={(f) => run(() => api.send('DELETE', `${base}/fields/${f.id}`))} onReorder={reorder} />}
        {t && <AddField onAdd={(name, format) => run(() => api.send('POST', `${base}/fields`, { name, format_requirement: format }))} />}
      </Section>
      {t && <Settings template={t} onSave={(body) => run(() => api.send('PUT', `${base}/settings`, body))} />}
      {t && (
        <Section title="Delete">
          {confirmDelete ? (
            <p class="confirm">Delete template {t.name} and its fields? Results already extracted stay as they are.
              <button type="button" class="danger" onClick={remove}>Delete template</button>
              <button type="button" class="link" onClick={() => setConfirmDelete(false)}>Cancel</button></p>
          ) : <button type="button" class="link danger" onClick={() => setConfirmDelete(true)}>Delete this template…</button>}
        </Section>
      )}
    </>
  );
}

interface FieldListProps {
  fields: TemplateField[];
  onSave: (f: TemplateField, patch: { name: string; format_requirement: string }) => void;
  onDelete: (f: TemplateField) => void;
  onReorder: (ids: number[]) => void;
}

function FieldList({ fields, onSave, onDelete, onReorder }: FieldListProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  const ids = fields.map((f) => f.id);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    next.splice(to, 0, next.splice(from, 1)[0]);
    onReorder(next);
  };
  return (
    <ol class="fields" data-testid="fields">
      {fields.map((f, i) => (
        <li
          key={f.id}
          draggable
          data-field={f.name}
          class={dragging === i ? 'dragging' : ''}
          onDragStart={(e) => { setDragging(i); e.dataTransfer?.setData('text/plain', String(i)); }}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => { e.preventDefault(); if (dragging !== null) move(dragging, i); setDragging(null); }}
          onDragEnd={() => setDragging(null)}
        >
          <span class="grip" title="Drag to reorder">⠿</span>
          <FieldEditor field={f} onSave={(patch) => onSave(f, patch)} />
          <button type="button" class="link" aria-label={`Move ${f.name} up`} onClick={() => move(i, i - 1)}>↑</button>
          <button type="button" class="link" aria-label={`Move ${f.name} down`} onClick={() => move(i, i + 1)}>↓</button>
          <button type="button" class="link danger" aria-label={`Delete ${f.name}`} onClick={() => onDelete(f)}>✕</button>
        </li>
      ))}
    </ol>
  );
}

function FieldEditor({ field, onSave }: { field: TemplateField; onSave: (patch: { name: string; format_requirement: string }) => void }) {
  const [name, setName] = useState(field.name);
  const [format, setFormat] = useState(field.format_requirement);
  useEffect(() => { setName(field.name); setFormat(field.format_requirement); }, [field.name, field.format_requirement]);
  const dirty = name !== field.name || format !== field.format_requirement;
  return (
    <form class="row grow field-edit" onSubmit={(e) => { e.preventDefault(); onSave({ name: name.trim(), format_requirement: format }); }}>
      <input name="name" aria-label="Field name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
      <input name="format_requirement" class="grow" aria-label="Format requirement" placeholder="format requirement" value={format} onInput={(e) => setFormat(e.currentTarget.value)} />
      <button type="submit" disabled={!dirty}>Save</button>
    </form>
  );
}

function AddField({ onAdd }: { onAdd: (name: string, format: string) => void }) {
  const [name, setName] = useState('');
  const [format, setFormat] = useState('');
  return (
    <form class="row add-field" onSubmit={(e) => { e.preventDefault(); onAdd(name.trim(), format); setName(''); setFormat(''); }}>
      <input name="new_field_name" aria-label="New field name" required placeholder="New field" value={name} onInput={(e) => setName(e.currentTarget.value)} />
      <input name="new_field_format" class="grow" aria-label="New field format requirement" placeholder="format requirement (optional)" value={format} onInput={(e) => setFormat(e.currentTarget.value)} />
      <button type="submit">Add field</button>
    </form>
  );
}

type SettingsBody = Pick<Template, 'global_format_requirement' | 'merge_enabled' | 'merge_group_by' | 'merge_key_fields' | 'merge_mode'>;

/** Only the settings keys: the endpoint rejects any other (the template's id, name, fields). */
const settingsOf = (t: Template): SettingsBody => ({
  global_format_requirement: t.global_format_requirement,
  merge_enabled: t.merge_enabled,
  merge_group_by: t.merge_group_by,
  merge_key_fields: t.merge_key_fields,
  merge_mode: t.merge_mode,
});

function Settings({ template, onSave }: { template: Template; onSave: (body: SettingsBody) => void }) {
  const [s, setS] = useState<SettingsBody>(() => settingsOf(template));
  useEffect(() => setS(settingsOf(template)), [template]);
  const set = (patch: Partial<SettingsBody>) => setS({ ...s, ...patch });
  return (
    <Section title="Settings">
      <form class="settings" onSubmit={(e) => { e.preventDefault(); onSave(s); }}>
        <label>Global format requirement (applies to every field)
          <textarea name="global_format_requirement" rows={2} value={s.global_format_requirement} onInput={(e) => set({ global_format_requirement: e.currentTarget.value })} />
        </label>
        <label class="check"><input type="checkbox" name="merge_enabled" checked={s.merge_enabled} onChange={(e) => set({ merge_enabled: e.currentTarget.checked })} />Merge the pages of one record into one output</label>
        <div class="row">
          <label>Group pages by
            <select name="merge_group_by" value={s.merge_group_by} onChange={(e) => set({ merge_group_by: e.currentTarget.value as SettingsBody['merge_group_by'] })}>
              <option value="upload">uploaded file</option>
              <option value="key_fields">key fields</option>
            </select>
          </label>
          <label>Merge mode
            <select name="merge_mode" value={s.merge_mode} onChange={(e) => set({ merge_mode: e.currentTarget.value as SettingsBody['merge_mode'] })}>
              <option value="fold">fold: one row per record</option>
              <option value="append">append: the pages' rows in order</option>
            </select>
          </label>
        </div>
        {s.merge_group_by === 'key_fields' && (
          <fieldset><legend>Key fields</legend>
            {template.fields.map((f) => (
              <label class="check"><input type="checkbox" checked={s.merge_key_fields.includes(f.name)}
                onChange={(e) => set({ merge_key_fields: e.currentTarget.checked ? [...s.merge_key_fields, f.name] : s.merge_key_fields.filter((k) => k !== f.name) })} />{f.name}</label>
            ))}
          </fieldset>
        )}
        <button type="submit">Save settings</button>
      </form>
    </Section>
  );
}
