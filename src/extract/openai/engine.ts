import type { OpenAiConfig } from '../../config-engines.js';
import { applyFormat, resolveFormat } from '../format/index.js';
import { roundBox } from '../layout/lines/geometry.js';
import { isPureLocationField } from '../pure-location.js';
import { withSettings, type SettingsOverrides } from '../settings.js';
import type { Engine, EnginePage, ExtractedCell, ExtractRequest, ExtractResult, FieldSpec } from '../types.js';
import { AnswerError, parseJsonReply, readFieldAnswer, readTableAnswer, type Answer, type AnswerCell } from './answer.js';
import { ModelClient, ModelClosedError, ModelRejectedError, type ChatCall, type Usage } from './client.js';
import { chooseForRow, findCandidates, snapToRegion } from './locate.js';
import { buildPrompt, repairMessages, type PagePrompt } from './prompt.js';
import { HTTP_BAD_REQUEST } from '../units.js';
import type { PageView, PageViewRequest } from './page-view.js';

/**
 * The `openai` engine: any server speaking the OpenAI chat-completions
 * protocol reads the page (image + words with positions); every value it
 * returns is then located on the page's words, so boxes come from the page.
 * Network waits happen here, on the caller's event loop; CPU work (OCR,
 * picture regions, JPEG) goes through `views`, which the service runs in its
 * engine threads.
 */

export interface OpenAiEngineOptions {
  /** The model server and how it is asked (DOCROWS_OPENAI_*). */
  config: OpenAiConfig;
  /** Thresholds changed from DEFAULT_SETTINGS (src/extract/settings.ts, group `model`), the rest kept. */
  settings?: SettingsOverrides;
  /** The model this engine asks (per tier). */
  model: string;
  client: ModelClient;
  views: { view(page: EnginePage, request: PageViewRequest): Promise<PageView> };
  /** Runs instead when the model fails for good (DOCROWS_OPENAI_FALLBACK=layout). */
  fallback?: Engine;
}

export function createOpenAiEngine(options: OpenAiEngineOptions): Engine {
  const { config, client } = options;
  const settings = withSettings(options.settings);
  // `auto` starts with structured outputs and stays on json_object once the server refuses them.
  let schemaSupported = config.responseFormat !== 'json_object';
  const modelFor = (request: ExtractRequest) => (request.quality === 'high' && config.highModel) || options.model;

  async function ask(prompt: PagePrompt, request: ExtractRequest, usage: Usage): Promise<Answer> {
    const high = request.quality === 'high';
    const call = (messages: ChatCall['messages']): ChatCall => ({
      model: modelFor(request),
      messages,
      format: schemaSupported ? { type: 'json_schema', schema: prompt.schema } : { type: 'json_object' },
      reasoningEffort: high ? config.highReasoningEffort : null,
    });
    const send = async (messages: ChatCall['messages']) => {
      try {
        return (await client.complete(call(messages), usage)).content;
      } catch (err) {
        if (!(err instanceof ModelRejectedError) || !schemaSupported || config.responseFormat !== 'auto' || err.status !== HTTP_BAD_REQUEST) throw err;
        schemaSupported = false;
        return (await client.complete(call(messages), usage)).content;
      }
    };
    const read = (reply: string) => {
      const json = parseJsonReply(reply);
      return request.fields.length === 0 ? readTableAnswer(json) : readFieldAnswer(json, request.fields.map((f) => f.name), new Set(prompt.locationFields));
    };
    const reply = await send(prompt.messages);
    try {
      return read(reply);
    } catch (err) {
      if (!(err instanceof AnswerError)) throw err;
      return read(await send(repairMessages(prompt, reply, err.message)));
    }
  }

  function formatted(field: FieldSpec | undefined, value: string, global: string): string {
    if (!field || (!field.formatRequirement && !global)) return value;
    return applyFormat(value, resolveFormat(field.formatRequirement, global)) || value;
  }

  function locateRow(row: Record<string, AnswerCell>, fields: string[], request: ExtractRequest, view: PageView): Record<string, ExtractedCell> {
    const specs = new Map(request.fields.map((f) => [f.name, f]));
    const texts = fields.map((name) => {
      const cell = row[name];
      return cell.kind === 'text' && cell.value !== null ? cell.value : null;
    });
    const chosen = chooseForRow(texts.map((t) => (t === null ? [] : findCandidates(t, view.words, settings))));
    const out: Record<string, ExtractedCell> = {};
    fields.forEach((name, i) => {
      const cell = row[name];
      if (cell.kind === 'region') {
        const snapped = cell.box ? snapToRegion(cell.box, view.pictures ?? [], settings) : null;
        const box = snapped ?? (config.unlocated === 'keep' ? cell.box : null);
        out[name] = { type: 'image_region', box: box ? roundBox(box) : null, ...(box ? { confidence: snapped ? settings.model.snappedRegionConfidence : settings.model.unsnappedRegionConfidence } : {}) };
        return;
      }
      const text = texts[i];
      if (text === null) {
        out[name] = { value: null, box: null };
        return;
      }
      const found = chosen[i];
      const value = formatted(specs.get(name), text, request.globalFormatRequirement);
      if (found) out[name] = { value, box: roundBox(found.box), confidence: settings.model.matchConfidence[found.kind] };
      else if (config.unlocated === 'keep') out[name] = { value, box: null, confidence: settings.model.unlocatedConfidence };
      else out[name] = { value: null, box: null };
    });
    return out;
  }

  return {
    name: 'openai',
    async extract(page, request): Promise<ExtractResult> {
      const usage: Usage = { tokensIn: 0, tokensOut: 0, requests: 0 };
      const spent = () => ({ engine: 'openai', model: modelFor(request), ...usage });
      try {
        const wantPictures = request.fields.some(isPureLocationField);
        const view = await options.views.view(page, { quality: request.quality, wantPictures, imageLongSide: config.imageLongSide });
        if (view.words.length === 0 && !wantPictures) {
          return { ok: false, failure: { code: 'no_content', message: 'The page shows no readable text.' } };
        }
        const prompt = buildPrompt(request, view.words, view.jpeg, config.responseFormat !== 'json_schema');
        const answer = await ask(prompt, request, usage);
        const rows = answer.rows.map((row) => locateRow(row, answer.fields, request, view)).filter((row) => hasValue(row));
        return { ok: true, fields: answer.fields, rows, usage: spent() };
      } catch (err) {
        // Shutting down is not the page's failure: the job is retried by the next worker.
        if (err instanceof ModelClosedError) throw err;
        const message = err instanceof AnswerError ? `the model's reply could not be used after one repair request: ${err.message}` : err instanceof Error ? err.message : String(err);
        if (options.fallback) {
          const result = await options.fallback.extract(page, request);
          return { ...result, usage: spent() };
        }
        return { ok: false, failure: { code: 'engine_error', message }, usage: spent() };
      }
    },
  };
}

/** A row where the model returned nothing at all is not a row. */
function hasValue(row: Record<string, ExtractedCell>): boolean {
  return Object.values(row).some((c) => ('type' in c ? c.box !== null : c.value !== null));
}
