import type { AlphaResult } from './krippendorff-alpha';
import type { ManualAnalysis, ManualKind, ReliabilityInputView } from './manual-analysis';
import type { ManualTable } from './manual-tables';
import type { PyramidReport } from './pyramid-report';

/** One pyramid as the tier plot draws it: its tiers, and the peers scored against it with their SCUs by weight. */
export interface TierTopic {
  readonly topic: string;
  readonly models: number;
  readonly tiers: readonly { readonly weight: number; readonly size: number }[];
  readonly summaries: readonly {
    readonly name: string;
    /** D_i: the summary's SCUs of weight i in this pyramid (index 0: SCUs the pyramid does not have). */
    readonly byWeight: readonly number[];
    readonly observedWeight: number;
    /** The score the tables show (jackknifed when so). */
    readonly modified: number | null;
  }[];
}

/**
 * What the Manual Evaluation panel shows of an analysis: its tables, text report, warnings and signature, and only
 * what its plots and notes need besides (not the whole `--json` result: at TAC scale the jackknifed report is ~10 MB,
 * and every message to a webview is serialised).
 */
export interface ManualPanelView {
  readonly kind: ManualKind;
  readonly tables: readonly ManualTable[];
  readonly text: string;
  readonly warnings: readonly string[];
  readonly signature?: string;
  readonly tierTopics?: readonly TierTopic[];
  readonly pyramidOptions?: PyramidReport['options'];
  /** Each alpha computed, labelled as in the table, with D_o, D_e and the coincidence matrix. */
  readonly alphas?: readonly { readonly label: string; readonly alpha: AlphaResult }[];
  readonly reliability?: ReliabilityInputView;
  readonly notComputable?: readonly string[];
}

/**
 * The pyramids with the peers scored against their full pyramid. Model summaries are scored against the pyramid of
 * the other models (other tiers), so they are in the tables, not in the tier plot. REALSumm: one single-tier pyramid
 * per document (one reference, every SCU weighs 1), the systems' present-SCU counts against it.
 */
function tierTopics(analysis: ManualAnalysis): TierTopic[] | undefined {
  if (analysis.pyramid) {
    return analysis.pyramid.topics.map((t) => ({
      topic: t.topic,
      models: t.models.length,
      tiers: t.tiers,
      summaries: t.peers.map((p) => ({ name: p.peer, byWeight: p.full.observedByWeight, observedWeight: p.full.observedWeight, modified: p.modified })),
    }));
  }
  if (analysis.realsumm) {
    const byDoc = new Map<string, TierTopic['summaries'][number][]>();
    for (const s of analysis.realsumm.summaries) {
      const list = byDoc.get(s.docId) ?? [];
      list.push({ name: s.system, byWeight: s.score.observedByWeight, observedWeight: s.score.observedWeight, modified: s.score.modified });
      byDoc.set(s.docId, list);
    }
    return analysis.realsumm.documents.map((d) => ({ topic: `doc ${d.docId} (${d.eventId})`, models: 1, tiers: d.tiers, summaries: byDoc.get(d.docId) ?? [] }));
  }
  return undefined;
}

export function manualPanelView(analysis: ManualAnalysis): ManualPanelView {
  const results = analysis.kind === 'agreement' ? ((analysis.json as { results?: readonly { alpha: AlphaResult }[] }).results ?? []) : [];
  const labels = analysis.tables.find((t) => t.name === 'alpha')?.rows.map((row) => String(row[0])) ?? [];
  const topics = tierTopics(analysis);
  return {
    kind: analysis.kind,
    tables: analysis.tables,
    text: analysis.text,
    warnings: analysis.warnings,
    ...(analysis.signature !== undefined && { signature: analysis.signature }),
    ...(topics && { tierTopics: topics }),
    ...(analysis.pyramid && { pyramidOptions: analysis.pyramid.options }),
    ...(results.length > 0 && { alphas: results.map((r, i) => ({ label: labels[i] ?? '', alpha: r.alpha })) }),
    ...(analysis.reliability && { reliability: analysis.reliability }),
    ...(analysis.realsumm && { notComputable: analysis.realsumm.notComputable }),
  };
}
