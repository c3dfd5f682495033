import { useRef, useState } from 'preact/hooks';
import { listAll, type Api } from '../api';
import { go, href } from '../router';
import type { Account, Template, UploadResult } from '../types';
import { ErrorNote, Progress, Section, useLoad } from '../ui';
import { TemplatePicker } from '../pickers';

interface Item {
  id: number;
  label: string;
  file?: File;
  url?: string;
  progress: number | null;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: unknown;
  pages?: number;
}

let nextId = 1;

const ACCEPT = 'image/*,application/pdf,.pdf,.docx,.txt,.tif,.tiff';

/**
 * Many files (or URLs) into one batch, upload_concurrency at a time (GET /account).
 * Without a batch name the first upload makes one and the rest follow it.
 */
export function UploadPage({ api, batch: initialBatch }: { api: Api; batch: string }) {
  const account = useLoad(() => api.get<Account>('/account'), [api]);
  const templates = useLoad(() => listAll<Template>(api, '/templates'), [api]);
  const [batch, setBatch] = useState(initialBatch);
  const [templateId, setTemplateId] = useState('');
  const [url, setUrl] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  const [running, setRunning] = useState(false);
  const [over, setOver] = useState(false);
  const [uploadedTo, setUploadedTo] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const update = (id: number, patch: Partial<Item>) => setItems((all) => all.map((it) => (it.id === id ? { ...it, ...patch } : it)));
  const add = (files: File[]) => setItems((all) => [...all, ...files.map((file): Item => ({ id: nextId++, label: file.name, file, progress: 0, state: 'waiting' }))]);
  const addUrl = () => {
    if (!url.trim()) return;
    setItems((all) => [...all, { id: nextId++, label: url.trim(), url: url.trim(), progress: null, state: 'waiting' }]);
    setUrl('');
  };

  const uploadOne = async (item: Item, batchName: string): Promise<UploadResult | null> => {
    const form = new FormData();
    if (batchName) form.set('batch_name', batchName);
    if (templateId) form.set('template_id', templateId);
    if (item.file) form.set('file', item.file, item.file.name);
    else form.set('url', item.url!);
    update(item.id, { state: 'uploading' });
    try {
      const res = await api.upload(form, (p) => update(item.id, { progress: p }));
      update(item.id, { state: 'done', progress: 1, pages: Array.isArray(res.document_id) ? res.document_id.length : 1 });
      return res;
    } catch (error) {
      update(item.id, { state: 'failed', error });
      return null;
    }
  };

  const start = async () => {
    setRunning(true);
    const queue = items.filter((it) => it.state === 'waiting' || it.state === 'failed');
    let name = batch.trim();
    // The first upload names the batch when the user left it blank; the others must join it.
    while (!name && queue.length > 0) {
      const res = await uploadOne(queue.shift()!, '');
      if (res) { name = res.batch_name; setBatch(name); }
    }
    const width = Math.max(1, account.data?.upload_concurrency ?? 1);
    await Promise.all(Array.from({ length: width }, async () => {
      for (let it = queue.shift(); it; it = queue.shift()) await uploadOne(it, name);
    }));
    setRunning(false);
    if (name) setUploadedTo(name);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    add([...(e.dataTransfer?.files ?? [])]);
    const dropped = e.dataTransfer?.getData('text/uri-list');
    if (dropped && !e.dataTransfer?.files.length) setUrl(dropped.split('\n')[0]);
  };

  const done = items.filter((i) => i.state === 'done').length;
  return (
    <Section title="Upload">
      <div class="row">
        <label>Batch name
          <input name="batch_name" value={batch} maxLength={50} pattern="[A-Za-z0-9._\-]{1,50}" placeholder="blank: a new batch with a generated name" onInput={(e) => setBatch(e.currentTarget.value)} />
        </label>
        <TemplatePicker label="Template (optional)" name="template_id" empty="none" items={templates.data} value={templateId} onChange={setTemplateId} />
      </div>
      <div
        class={`drop ${over ? 'over' : ''}`}
        onDragOver={(e) => { e.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        onClick={() => fileInput.current?.click()}
      >
        <p><strong>Drop files here</strong> or click to choose: images, PDF, .docx, .txt (up to 50 pages each).</p>
        <input ref={fileInput} type="file" name="files" multiple accept={ACCEPT} hidden onChange={(e) => { add([...(e.currentTarget.files ?? [])]); e.currentTarget.value = ''; }} />
      </div>
      <div class="row">
        <label class="grow">…or a public URL<input name="url" type="url" placeholder="https://example.com/invoice.pdf" value={url} onInput={(e) => setUrl(e.currentTarget.value)} /></label>
        <button type="button" onClick={addUrl}>Add URL</button>
      </div>
      {items.length > 0 && (
        <ul class="uploads">
          {items.map((it) => (
            <li class={`upload ${it.state}`} data-file={it.label}>
              <span class="name">{it.label}</span>
              <Progress value={it.state === 'uploading' || it.state === 'waiting' ? it.progress : 1} label={it.label} />
              <span class="state">{it.state === 'done' ? `done${it.pages && it.pages > 1 ? ` (${it.pages} pages)` : ''}` : it.state}</span>
              <ErrorNote error={it.error} />
            </li>
          ))}
        </ul>
      )}
      <div class="row">
        <button type="button" disabled={running || !items.some((i) => i.state === 'waiting' || i.state === 'failed')} onClick={start}>
          Upload {items.filter((i) => i.state !== 'done').length || ''} {account.data ? `(${account.data.upload_concurrency} at a time)` : ''}
        </button>
        {uploadedTo && done > 0 && !running && <button type="button" class="primary" onClick={() => go('batches', uploadedTo)}>Process batch {uploadedTo} →</button>}
        {uploadedTo && <a href={href('batches', uploadedTo)}>{uploadedTo}</a>}
      </div>
      <ErrorNote error={account.error} />
    </Section>
  );
}
