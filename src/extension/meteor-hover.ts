import { MeteorHighlightKind, MeteorModuleKind, meteorAlignedPairs, meteorHighlightSource, meteorReferenceHighlights } from '../core/inspect/meteor-highlights';
import { meteorModuleName } from '../core/inspect/meteor-breakdown';
import { Explanation } from '../core/metrics/explanation';
import { METEOR_MODULE_COLORS } from './meteor-decorations';
import { escapeMarkdownHtml, highlightedLine } from './score-hover';

/** At most this many non-exact aligned pairs are listed in a hover. */
const MAX_PAIRS = 12;

/** The CSS variable (without `--vscode-`) of a module's background; the hover's sanitizer allows only colours. */
function moduleBackground(kind: MeteorHighlightKind): string | undefined {
  return kind in METEOR_MODULE_COLORS ? METEOR_MODULE_COLORS[kind as keyof typeof METEOR_MODULE_COLORS].replace('.', '-') : undefined;
}

const painted = (text: string, kind: MeteorHighlightKind): string => `<span style="background-color:var(--vscode-${moduleBackground(kind)});">${escapeMarkdownHtml(text)}</span>`;

/** Reference `k` with METEOR's aligned words on their module colours, when METEOR leads the shown metrics. */
export function meteorHoverReferenceLine(explanations: Readonly<Record<string, Explanation>>, shown: readonly string[], reference: string, k: number): string | undefined {
  const source = meteorHighlightSource(explanations, shown);
  if (!source) return undefined;
  return highlightedLine(reference, meteorReferenceHighlights(explanations[source], k, reference), undefined, moduleBackground);
}

/**
 * Below the references: the words METEOR aligned other than exactly (`placed ← place · stem`), with the paraphrase or
 * synonym substitution of an expanded reference that produced a match (its label, e.g. `reply ← answer, set #12
 * from source word 'réponse'`), and the legend of the module colours.
 */
export function meteorHoverLegend(explanations: Readonly<Record<string, Explanation>>, shown: readonly string[], hypothesis: string, references: readonly string[]): string | undefined {
  const source = meteorHighlightSource(explanations, shown);
  if (!source) return undefined;
  const pairs = meteorAlignedPairs(explanations[source], hypothesis, references);
  let out = '';
  if (pairs.length > 0) {
    const listed = pairs.slice(0, MAX_PAIRS).map((p) =>
      p.provenance.length > 0
        ? // Matched against an expanded reference: the substitution's label says what replaced what, and where it came from.
          `${painted(p.hypothesis, p.kind)} · ${meteorModuleName(p.kind)} via ${p.provenance.map(escapeMarkdownHtml).join('; ')}`
        : `${painted(p.hypothesis, p.kind)} ← ${escapeMarkdownHtml(p.reference)} · ${meteorModuleName(p.kind)}`,
    );
    const more = pairs.length > MAX_PAIRS ? ` · …and ${pairs.length - MAX_PAIRS} more` : '';
    out += `*${source === 'meteor' ? 'METEOR' : 'METEOR-2005'} alignment* ${listed.join(' · ')}${more}\n\n`;
  }
  const kinds: MeteorModuleKind[] = ['meteor-exact', 'meteor-stem', 'meteor-synonym', 'meteor-paraphrase'];
  out += `<span style="color:var(--vscode-descriptionForeground);">background: METEOR modules</span> ${kinds.map((k) => painted(meteorModuleName(k), k)).join(' ')}\n\n`;
  return out;
}
