import { shellQuote } from '../../compare/command-line';
import { MISSING_TOKENS } from './reliability-table';
import { ManualInput } from './manual-analysis';

/**
 * The `understudy …` command line that prints the numbers of a manual-evaluation analysis: the same files (by the
 * paths the input names them with, relative to where it is run) and every option that differs from the CLI's default.
 */
export function manualCommandArgs(input: ManualInput): string[] {
  switch (input.kind) {
    case 'pyramid': {
      const o = input.options;
      return [
        'pyramid',
        ...input.json.map((f) => f.path),
        ...input.pan.map((f) => f.path),
        ...input.pyr.flatMap((f) => ['--pyr', f.path]),
        ...(o.jackknife ? [] : ['--no-jackknife']),
        ...(o.averageCount === 'exact' ? [] : ['--average-count', o.averageCount]),
        ...(o.scoreModels ? [] : ['--no-models']),
        ...(o.documentPattern !== undefined ? ['--document-pattern', o.documentPattern] : []),
        ...(o.peerName !== undefined ? ['--peer-name', o.peerName] : []),
        ...(o.perTopic ? ['--per-topic'] : []),
      ];
    }
    case 'realsumm':
      return ['pyramid', '--realsumm', input.dir];
    case 'agreement': {
      const o = input.options;
      const value = (flag: string, v: string | undefined): string[] => (v !== undefined ? [flag, v] : []);
      const missing = o.missing && o.missing.join(',') !== MISSING_TOKENS.join(',') ? ['--missing', o.missing.join(',')] : [];
      return [
        'agreement',
        ...(input.identical ? ['--identical', input.file.path] : [input.file.path]),
        ...(o.level === 'interval' ? [] : ['--level', o.level]),
        ...(input.identical
          ? [
              ...(o.aspects ?? []).flatMap((a) => ['--aspect', a]),
              ...value('--document-field', o.documentField),
              ...value('--system-field', o.systemField),
              ...value('--text-field', o.textField),
              ...value('--assessor-field', o.assessorField),
              ...(o.identity && o.identity !== 'whitespace' ? ['--identity', o.identity] : []),
            ]
          : [...value('--layout', o.layout), ...value('--unit', o.unit), ...value('--coder', o.coder), ...value('--value', o.value), ...value('--group', o.group), ...missing]),
      ];
    }
    case 'nuggets':
      return [
        'nuggets',
        '--key',
        input.key.path,
        '--responses',
        input.responses.path,
        ...(input.options.beta !== 3 ? ['--beta', String(input.options.beta)] : []),
        ...(input.options.allowance !== 100 ? ['--allowance', String(input.options.allowance)] : []),
        ...(input.options.perQuestion ? ['--per-question'] : []),
      ];
    case 'relevance':
      return ['relevance', input.file.path, ...(input.options.fullText !== undefined && input.options.fullText !== 'DOC' ? ['--full-text', input.options.fullText] : [])];
    case 'comprehension':
      return ['comprehension', input.file.path];
  }
}

export function manualCommandLine(input: ManualInput): string {
  return ['understudy', ...manualCommandArgs(input)].map(shellQuote).join(' ');
}
