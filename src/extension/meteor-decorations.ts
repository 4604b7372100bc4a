import * as vscode from 'vscode';
import { SegmentExplanation } from '../core/engine/evaluation-session';
import { HighlightLayer } from '../core/inspect/highlight-spans';
import { MeteorHighlightKind, MeteorHighlightSpan, MeteorModuleKind, meteorHighlightSource, meteorHypothesisHighlights, meteorReferenceHighlights } from '../core/inspect/meteor-highlights';
import { Explanation } from '../core/metrics/explanation';

/** Theme colour of each METEOR module's background (package.json `contributes.colors`). */
export const METEOR_MODULE_COLORS: Readonly<Record<MeteorModuleKind, string>> = {
  'meteor-exact': 'understudy.meteorExactBackground',
  'meteor-stem': 'understudy.meteorStemBackground',
  'meteor-synonym': 'understudy.meteorSynonymBackground',
  'meteor-paraphrase': 'understudy.meteorParaphraseBackground',
};

export function meteorDecoration(kind: MeteorHighlightKind): vscode.DecorationRenderOptions {
  const color = (id: string): vscode.ThemeColor => new vscode.ThemeColor(id);
  if (kind === 'meteor-unaligned') return { borderStyle: 'none none dotted none', borderWidth: '0 0 2px 0', borderColor: color('understudy.unmatchedBorder') };
  // A bar at the left edge of a chunk's first character: the boundaries the fragmentation penalty counts.
  if (kind === 'meteor-chunk') return { borderStyle: 'none none none solid', borderWidth: '0 0 0 2px', borderColor: color('understudy.meteorChunkBoundary') };
  return { backgroundColor: color(METEOR_MODULE_COLORS[kind]) };
}

/** Which spans the user's layers keep: module colours and chunks with `ngrams`, unaligned words with `unmatched`. */
function keep(layers: ReadonlySet<HighlightLayer>): (s: MeteorHighlightSpan) => boolean {
  return (s) => (s.kind === 'meteor-unaligned' ? layers.has('unmatched') : layers.has('ngrams'));
}

/**
 * METEOR's alignment for the editor when a METEOR metric leads the shown metrics (see meteorHighlightSource): its
 * spans on the hypothesis, or on reference `referenceIndex`, and the generic layers it replaces (the n-gram
 * backgrounds and the unmatched underline would paint over the same words).
 */
export function meteorLayer(
  explanations: Readonly<Record<string, Explanation>>,
  shown: readonly string[],
  layers: ReadonlySet<HighlightLayer>,
  segment: SegmentExplanation,
  referenceIndex?: number,
): { spans: MeteorHighlightSpan[]; otherLayers: ReadonlySet<HighlightLayer> } | undefined {
  const source = meteorHighlightSource(explanations, shown);
  if (!source) return undefined;
  const explanation = explanations[source];
  const spans =
    referenceIndex === undefined ? meteorHypothesisHighlights(explanation, segment.hypothesis) : meteorReferenceHighlights(explanation, referenceIndex, segment.references[referenceIndex]);
  return { spans: spans.filter(keep(layers)), otherLayers: new Set([...layers].filter((l) => l !== 'ngrams' && l !== 'unmatched')) };
}
