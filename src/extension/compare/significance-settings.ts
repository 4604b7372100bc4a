import * as vscode from 'vscode';
import { ComparisonSettings } from '../../core/compare/comparison-report';
import { DEFAULT_SEED } from '../../core/significance/resampling-input';
import { MultipleComparisonCorrection, PairedTestKind } from '../../core/significance/pairwise-table';

/** Family-wise level of the significance marks (as `understudy compare --alpha`, whose default it is). */
const ALPHA = 0.05;

function positiveInteger(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : fallback;
}

/**
 * The `understudy.significance.*` settings as the comparison runs them. `pairwise` selects the tests of a table of
 * more than two systems (`understudy.significance.pairwiseTests`); two systems always get both tests.
 */
export function significanceSettings(pairwise: boolean): ComparisonSettings {
  const config = vscode.workspace.getConfiguration('understudy.significance');
  const seed = config.get<number>('seed', DEFAULT_SEED);
  const correction = config.get<string>('correction', 'holm');
  const tests = config.get<string>('pairwiseTests', 'both');
  const chosen: PairedTestKind[] =
    !pairwise || tests === 'both' ? ['paired-bootstrap', 'approximate-randomization'] : tests === 'approximate-randomization' ? ['approximate-randomization'] : ['paired-bootstrap'];
  return {
    seed: Number.isSafeInteger(seed) && seed >= 0 ? seed : DEFAULT_SEED,
    bootstrapSamples: positiveInteger(config.get('bootstrapSamples'), 1000),
    randomizationTrials: positiveInteger(config.get('randomizationTrials'), 10000),
    correction: (['holm', 'bonferroni', 'none'].includes(correction) ? correction : 'holm') as MultipleComparisonCorrection,
    alpha: ALPHA,
    tests: chosen,
  };
}
