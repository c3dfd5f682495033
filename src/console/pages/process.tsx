import { useState } from 'preact/hooks';
import { listAll, type Api } from '../api';
import type { Account, BatchStatus, FieldSpec, Preset, Template } from '../types';
import { ErrorNote, Section, useLoad } from '../ui';
import { FieldRows } from './field-rows';
import { PresetPicker, TemplatePicker } from '../pickers';

type Mode = 'fields' | 'template' | 'preset' | 'inferred';

/** Credits per page by model tier (docs/decisions.md, Plans, tiers, credits). */
const TIER_RATES = 'Standard 1, Advanced 3, Premium 6 credits per page';

/**
 * POST /batches/{name}/process. A preset becomes ad-hoc fields (process takes
 * template_id or fields). The estimate counts pages process would queue:
 * everything not already succeeded or processing, and succeeded ones too when
 * they are processed again.
 */
export function ProcessPanel({ api, batch, busy, onStarted }: { api: Api; batch: BatchStatus; busy: boolean; onStarted: () => void }) {
  const account = useLoad(() => api.get<Account>('/account'), [api, busy]);
  const templates = useLoad(() => listAll<Template>(api, '/templates'), [api]);
  const presets = useLoad(() => listAll<Preset>(api, '/presets'), [api]);
  const [mode, setMode] = useState<Mode>('fields');
  const [fields, setFields] = useState<FieldSpec[]>([{ name: '', format_requirement: '' }]);
  const [templateId, setTemplateId] = useState('');
  const [presetId, setPresetId] = useState('');
  const [quality, setQuality] = useState('');
  const [webhook, setWebhook] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState<string | null>(null);
  const [reprocess, setReprocess] = useState(false);

  const c = batch.status_counts;
  // Reprocess queues succeeded pages too (docs/decisions.md, Corrections, reprocessing, layout memory).
  const eligible = c.queued + c.failed + c.canceled + (reprocess ? c.succeeded : 0);
  const credits = account.data?.available_credits;

  const body = (): Record<string, unknown> => {
    const b: Record<string, unknown> = {};
    if (mode === 'template') b.template_id = Number(templateId);
    if (mode === 'fields') b.fields = fields.filter((f) => f.name.trim()).map((f) => ({ name: f.name.trim(), format_requirement: f.format_requirement }));
    if (mode === 'preset') b.fields = presets.data?.find((p) => p.id === presetId)?.fields ?? [];
    if (quality) b.quality = quality;
    if (webhook.trim()) b.webhook_url = webhook.trim();
    if (reprocess) b.reprocess = true;
    return b;
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const res = await api.send<{ queued: number; quality: string; webhook_registered: boolean }>('POST', `/batches/${encodeURIComponent(batch.batch_name)}/process`, body(), true);
      setNote(`Queued ${res!.queued} pages at ${res!.quality} quality${res!.webhook_registered ? '; webhook registered' : ''}.`);
      onStarted();
    } catch (err) {
      setError(err);
    }
  };

  return (
    <Section title="Process">
      <form class="process" onSubmit={submit}>
        <fieldset class="modes"><legend>Columns</legend>
          {(['fields', 'template', 'preset', 'inferred'] as Mode[]).map((m) => (
            <label class="check"><input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              {{ fields: 'Fields', template: 'Template', preset: 'Preset', inferred: 'Let docrows infer the columns' }[m]}
            </label>
          ))}
        </fieldset>
        {mode === 'fields' && <FieldRows fields={fields} onChange={setFields} />}
        {mode === 'template' && <TemplatePicker label="Template" name="template" required empty="choose…" items={templates.data} value={templateId} onChange={setTemplateId} />}
        {mode === 'preset' && <PresetPicker label="Preset" name="preset" required empty="choose…" items={presets.data} value={presetId} onChange={setPresetId} />}
        <div class="row">
          <label>Quality
            <select name="quality" value={quality} onChange={(e) => setQuality(e.currentTarget.value)}>
              <option value="">account default</option>
              <option value="fast">fast</option>
              <option value="high">high</option>
            </select>
          </label>
          <label class="grow">Webhook URL (optional)<input name="webhook_url" type="url" placeholder="https://example.com/hooks/docrows" value={webhook} onInput={(e) => setWebhook(e.currentTarget.value)} /></label>
        </div>
        {c.succeeded > 0 && (
          <label class="check"><input type="checkbox" name="reprocess" checked={reprocess} onChange={(e) => setReprocess(e.currentTarget.checked)} />
            Process the {c.succeeded} succeeded page{c.succeeded === 1 ? '' : 's'} again (their corrections stay in the revisions)
          </label>
        )}
        <p class="estimate" data-testid="estimate">
          Up to <strong>{eligible}</strong> page{eligible === 1 ? '' : 's'} to process: {eligible} credit{eligible === 1 ? '' : 's'} at the Standard tier ({TIER_RATES}).
          {' '}Balance: <strong data-testid="balance">{credits ?? '…'}</strong> credits.
          {credits !== undefined && credits < eligible && <span class="error"> Not enough credits for every page.</span>}
        </p>
        <button type="submit" class="primary" disabled={busy || eligible === 0}>{busy ? 'Processing…' : reprocess ? 'Process again with these fields' : 'Process batch'}</button>
        {note && <p class="ok">{note}</p>}
        <ErrorNote error={error} />
      </form>
    </Section>
  );
}
