import { useState } from 'preact/hooks';
import { listAll, type Api } from '../api';
import { go, href } from '../router';
import type { Preset, Template } from '../types';
import { ErrorNote, Section, useLoad, when } from '../ui';
import { PresetPicker, TemplatePicker } from '../pickers';

type From = 'scratch' | 'preset' | 'template';

/** The account's templates and POST /templates from scratch, a preset or a copy of another template. */
export function TemplatesPage({ api }: { api: Api }) {
  const templates = useLoad(() => listAll<Template>(api, '/templates'), [api]);
  const presets = useLoad(() => listAll<Preset>(api, '/presets'), [api]);
  const [name, setName] = useState('');
  const [from, setFrom] = useState<From>('scratch');
  const [source, setSource] = useState('');
  const [error, setError] = useState<unknown>(null);

  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const body: Record<string, unknown> = {};
    if (name.trim()) body.name = name.trim();
    if (from === 'preset') body.preset_id = source;
    if (from === 'template') body.base_template_id = Number(source);
    try {
      const res = await api.send<{ template: Template }>('POST', '/templates', body);
      go('templates', String(res!.template.id));
    } catch (err) {
      setError(err);
    }
  };

  return (
    <>
      <Section title="Templates">
        <ErrorNote error={templates.error} />
        {templates.data?.length === 0 && <p class="muted">No templates yet: a template is a saved list of columns to reuse.</p>}
        <ul class="templates">
          {(templates.data ?? []).map((t) => (
            <li><a href={href('templates', String(t.id))}>{t.name}</a> <span class="muted">{t.fields.map((f) => f.name).join(', ') || 'no fields'} · {when(t.created_at)}</span></li>
          ))}
        </ul>
      </Section>
      <Section title="New template">
        <form class="create-template" onSubmit={create}>
          <div class="row">
            <label>Name<input name="template_name" value={name} required={from !== 'preset'} placeholder={from === 'preset' ? "blank: the preset's name" : 'e.g. Supplier invoices'} onInput={(e) => setName(e.currentTarget.value)} /></label>
            <label>Start from
              <select name="from" value={from} onChange={(e) => { setFrom(e.currentTarget.value as From); setSource(''); }}>
                <option value="scratch">scratch</option>
                <option value="preset">a preset</option>
                <option value="template">a copy of a template</option>
              </select>
            </label>
            {from === 'preset' && <PresetPicker label="Preset" name="preset_id" required empty="choose…" items={presets.data} value={source} onChange={setSource} />}
            {from === 'template' && <TemplatePicker label="Template" name="base_template_id" required empty="choose…" items={templates.data} value={source} onChange={setSource} />}
          </div>
          <button type="submit" class="primary">Create template</button>
          <ErrorNote error={error} />
        </form>
      </Section>
    </>
  );
}
