import { TIERS, type EngineTier } from '../../config-engines.js';
import type { Config } from '../../config.js';
import { createOpenAiEngine, createPageViewer, isTextLayerUsable, ModelClient, type ClientLog, type PageViewRequest } from '../index.js';
import type { Engine, EnginePage } from '../types.js';
import { withEInvoice } from '../../einvoice/index.js';
import { startEngineThreads } from './engine-threads.js';

/**
 * The engine each model tier runs (DOCROWS_ENGINE, DOCROWS_ENGINE_<TIER>,
 * DOCROWS_MODEL_<TIER>): the tier locked on a queued document picks it, so
 * the tier charged is the tier that runs. CPU work (layout, OCR) shares one
 * pool of engine threads; model requests are async I/O on this process's
 * event loop, bounded by DOCROWS_OPENAI_CONCURRENCY.
 */
export interface TierEngines {
  forTier(tier: string): Engine;
  /** Extra job slots the model engine needs, since its pages mostly wait on the network (0 without one). */
  readonly networkSlots: number;
  close(): Promise<void>;
}

export function createTierEngines(config: Config, threads: number, log: ClientLog): TierEngines {
  const engineThreads = startEngineThreads(threads);
  const layout = engineThreads.layout;
  const modelTiers = TIERS.filter((tier) => config.engines[tier] === 'openai');
  const client = modelTiers.length > 0 ? new ModelClient(config.openai, log) : null;
  // A page with a usable text layer needs no OCR: its view (sharp's JPEG work runs on libuv's pool, off
  // the event loop) is made here, so model pages do not queue behind layout pages for the engine threads.
  const local = client ? createPageViewer(1) : null;
  const views = {
    view: (page: EnginePage, request: PageViewRequest) => (local && isTextLayerUsable(page.textLayer) ? local.view(page, request) : engineThreads.views.view(page, request)),
  };
  // E-invoice pages read their XML first; the layout engine's own reading is free to compare with, a model's is not.
  const layoutInvoices = withEInvoice(layout, { compare: true });
  const byTier = new Map<EngineTier, Engine>(TIERS.map((tier) => [tier, client && config.engines[tier] === 'openai'
    ? withEInvoice(createOpenAiEngine({
      config: config.openai, model: config.openai.models[tier]!, client, views,
      ...(config.openai.fallback === 'layout' ? { fallback: layout } : {}),
    }), { compare: false })
    : layoutInvoices]));
  return {
    forTier: (tier) => byTier.get(tier as EngineTier) ?? byTier.get('standard')!,
    networkSlots: client ? config.openai.concurrency : 0,
    async close() {
      await client?.close();
      await local?.close();
      await engineThreads.close();
    },
  };
}
