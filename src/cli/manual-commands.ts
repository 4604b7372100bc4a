import { runAgreement } from './run-agreement';
import { runComprehension } from './run-comprehension';
import { runNuggets } from './run-nuggets';
import { runPyramid } from './run-pyramid';
import { runRelevance } from './run-relevance';
import type { CliOutput } from './run-cli';

/** The manual-evaluation subcommands, by name: run-cli dispatches to them. */
export const MANUAL_COMMANDS: Readonly<Record<string, (argv: string[], io: CliOutput) => number>> = {
  pyramid: runPyramid,
  agreement: runAgreement,
  nuggets: runNuggets,
  relevance: runRelevance,
  comprehension: runComprehension,
};

export const MANUAL_COMMANDS_USAGE = `  understudy pyramid …     pyramid / modified pyramid scores from SCU annotations   (\`understudy pyramid --help\`)
  understudy agreement …   Krippendorff's alpha for assessor consistency             (\`understudy agreement --help\`)
  understudy nuggets …     nugget precision/recall/F(beta) of definition questions   (\`understudy nuggets --help\`)
  understudy relevance …   Relevance-Prediction and LDC-Agreement                    (\`understudy relevance --help\`)
  understudy comprehension …   the cross comprehension test (Kolluru & Gotoh 2005)    (\`understudy comprehension --help\`)`;
