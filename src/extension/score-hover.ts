import * as vscode from 'vscode';
import { SegmentExplanation } from '../core/engine/evaluation-session';
import { highlightSources, referenceHighlights } from '../core/inspect/highlight-spans';
import { Span } from '../core/text/token';
import { meteorHoverLegend, meteorHoverReferenceLine } from './meteor-hover';
import { scoreBreakdown } from '../core/inspect/score-breakdown';
import { readLines } from './corpus-files';
import { displaySettings, shownMetrics } from './display-settings';
import { EvaluationStore } from './evaluation-store';
import { ExplanationCache } from './explanation-cache';
import type { ManifestEvaluations } from './manifest-evaluations';
import { metricExplanations } from './match-highlights';
import { locateSystem } from './segment-locator';

/** The compare engineer's command (system comparison); linked only when it is registered. */
export const COMPARE_WITH_COMMAND = 'understudy.compareWith';
export const OPEN_REFERENCE_COMMAND = 'understudy.openReferenceAtLine';

/** References shown in full in a hover; more are listed by name (summaries can have 11). */
const MAX_REFERENCES_SHOWN = 4;
const MAX_REFERENCE_CHARS = 600;

/** Escapes text for a MarkdownString with HTML: HTML's specials as entities, Markdown's with a backslash. */
export function escapeMarkdownHtml(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '&') out += '&amp;';
    else if (ch === '\n') out += ' ⏎ ';
    else if ('\\`*_{}[]()#+-.!|~'.includes(ch)) out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

/**
 * A line with its matched spans on the theme's match colours. The hover's HTML allows only colour and background
 * colour on spans (VS Code's sanitizer), so the n-gram orders show as backgrounds.
 */
export function highlightedLine<S extends Span & { readonly kind: string }>(
  text: string,
  spans: readonly S[],
  maxChars = MAX_REFERENCE_CHARS,
  background: (kind: S['kind']) => string | undefined = orderBackground,
): string {
  const shown = text.length > maxChars ? text.slice(0, maxChars) : text;
  const painted = spans.filter((s) => background(s.kind)).sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const span of painted) {
    const start = Math.max(span.start, at);
    const end = Math.min(span.end, shown.length);
    if (start >= end) continue;
    out += escapeMarkdownHtml(shown.slice(at, start));
    out += `<span style="background-color:var(--vscode-${background(span.kind)});">${escapeMarkdownHtml(shown.slice(start, end))}</span>`;
    at = end;
  }
  out += escapeMarkdownHtml(shown.slice(at));
  return shown.length < text.length ? `${out}…` : out;
}

/** The n-gram layer's background colour (CSS variable name without `--vscode-`) for a highlight kind. */
function orderBackground(kind: string): string | undefined {
  return kind.startsWith('order') ? `understudy-matchOrder${kind.slice(5)}Background` : kind === 'lcs' ? 'understudy-matchOrder1Background' : undefined;
}

export function commandLink(label: string, command: string, args: readonly unknown[], tooltip: string): string {
  return `[${label}](command:${command}?${encodeURIComponent(JSON.stringify(args))} "${tooltip}")`;
}

/**
 * The hover on a scored line: each shown metric's sentence score with its breakdown, the reference lines with the
 * same matches highlighted (and which reference decided the score), the source line when the evaluation names one,
 * and links to open the reference at this line and to compare this line with another system.
 */
export class ScoreHoverProvider implements vscode.HoverProvider {
  private commandsChecked = 0;
  private compareAvailable = false;

  constructor(
    private readonly store: EvaluationStore,
    private readonly cache: ExplanationCache,
    private readonly manifests: ManifestEvaluations | undefined,
  ) {}

  private async canCompare(): Promise<boolean> {
    if (Date.now() - this.commandsChecked > 10000) {
      this.compareAvailable = (await vscode.commands.getCommands(true)).includes(COMPARE_WITH_COMMAND);
      this.commandsChecked = Date.now();
    }
    return this.compareAvailable;
  }

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const located = locateSystem(this.store, document);
    if (!located) return undefined;
    const { scored, placement } = located;
    const index = placement.segmentAt(position.line);
    if (index === undefined || index >= scored.scores.scoredCount) return undefined;
    let explanation: SegmentExplanation | undefined;
    try {
      explanation = await this.cache.get(scored, index);
    } catch {
      return undefined;
    }
    if (!explanation) return undefined;
    const display = displaySettings();
    const shown = shownMetrics(scored.metrics, display);
    const names = scored.referenceNames ?? scored.references.map((r) => vscode.workspace.asRelativePath(r));
    const markdown = new vscode.MarkdownString(undefined, true);
    markdown.supportHtml = true;
    markdown.isTrusted = { enabledCommands: [OPEN_REFERENCE_COMMAND, COMPARE_WITH_COMMAND, 'understudy.openReferences'] };
    markdown.appendMarkdown(`**Understudy** · ${escapeMarkdownHtml(scored.name)} · segment ${index + 1} of ${scored.scores.referenceCount}\n\n`);

    for (const metric of shown) {
      const entry = explanation.metrics[metric];
      if (!entry) continue;
      const breakdown = scoreBreakdown(metric, entry.explanation, entry.sentence, explanation.hypothesis, names);
      markdown.appendMarkdown(`**${escapeMarkdownHtml(breakdown.headline)}** — ${breakdown.details.map(escapeMarkdownHtml).join(' · ')}\n\n`);
    }

    const explanations = metricExplanations(explanation);
    const sources = highlightSources(explanations, shown);
    const decidedBy = shown.map((m) => explanations[m]?.bestReference).find((k) => k !== undefined);
    markdown.appendMarkdown('---\n\n');
    const evaluation = this.manifests?.get(scored.evaluation);
    if (evaluation?.source) {
      try {
        const source = (await readLines(evaluation.source)).lines[index];
        if (source !== undefined) markdown.appendMarkdown(`*source* ${highlightedLine(source, [])}\n\n`);
      } catch {
        // An unreadable source is reported with the manifest; the hover goes without it.
      }
    }
    explanation.references.slice(0, MAX_REFERENCES_SHOWN).forEach((reference, k) => {
      const spans = referenceHighlights(explanations, shown, k, new Set(['ngrams', 'lcs']));
      const mark = decidedBy === k && explanation!.references.length > 1 ? ' (decided the score)' : '';
      const painted = meteorHoverReferenceLine(explanations, shown, reference, k) ?? highlightedLine(reference, spans);
      markdown.appendMarkdown(`*${escapeMarkdownHtml(names[k] ?? `reference ${k + 1}`)}*${mark} ${painted}\n\n`);
    });
    if (explanation.references.length > MAX_REFERENCES_SHOWN) {
      markdown.appendMarkdown(`*…and ${explanation.references.length - MAX_REFERENCES_SHOWN} more references*\n\n`);
    }
    const meteorLegend = meteorHoverLegend(explanations, shown, explanation.hypothesis, explanation.references);
    if (meteorLegend) markdown.appendMarkdown(meteorLegend);
    const legend = meteorLegend ? [] : [sources.ngrams ? `background: n-gram matches of ${sources.ngrams} (darker = longer)` : sources.lcs ? `background: ${sources.lcs} LCS` : undefined].filter(Boolean);
    if (legend.length > 0) markdown.appendMarkdown(`<span style="color:var(--vscode-descriptionForeground);">${escapeMarkdownHtml(legend.join(' · '))}</span>\n\n`);

    const links = [commandLink('$(split-horizontal) Open reference at this line', OPEN_REFERENCE_COMMAND, [scored.uri.toJSON(), index], 'Open the reference(s) beside, scrolled to this segment')];
    if (await this.canCompare()) links.push(commandLink('$(git-compare) Compare this line with another system…', COMPARE_WITH_COMMAND, [scored.uri.toJSON(), index], 'Compare this system with another one, at this line'));
    markdown.appendMarkdown(links.join(' · '));
    return new vscode.Hover(markdown, document.lineAt(position.line).range);
  }
}
