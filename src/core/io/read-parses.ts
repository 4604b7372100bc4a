import * as fs from 'fs';
import { UnderstudyError } from '../errors';
import { ConlluTreeSource } from '../syntax/conllu-tree-source';
import { BracketedTreeSource } from '../syntax/constituency-tree-source';
import { SyntaxResources } from '../engine/syntactic-metrics';

/** Parse files given beside the text files, in the order of the text files they belong to. */
export interface ParseFiles {
  readonly hypothesisConllu: readonly string[];
  readonly referenceConllu: readonly string[];
  readonly hypothesisPtb: readonly string[];
  readonly referencePtb: readonly string[];
}

export interface TextFile {
  readonly path: string;
  readonly segments: readonly string[];
}

function readText(path: string): string {
  try {
    // A UTF-8 byte-order mark (some Windows tools write one) is not part of the first comment or word.
    return fs.readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : (error as Error).message;
    throw new UnderstudyError('unreadable-file', `Cannot read ${path}: ${reason}. Check the path.`, { file: path });
  }
}

function pairUp(flag: string, parses: readonly string[], texts: readonly TextFile[], what: string): void {
  if (parses.length > 0 && parses.length !== texts.length) {
    throw new UnderstudyError(
      'bad-option',
      `${parses.length} ${flag} file${parses.length === 1 ? '' : 's'} for ${texts.length} ${what}: give one ${flag} per ${what.replace(/s$/, '')}, in the same order.`,
    );
  }
}

/**
 * The syntactic metrics' resources from the user's parse files: CoNLL-U for the dependency metrics, bracketed Penn
 * Treebank trees for STM. Each file is matched to its text file here, so a misfit is reported before any scoring.
 */
export function readSyntaxResources(files: ParseFiles, references: readonly TextFile[], systems: readonly TextFile[]): SyntaxResources {
  pairUp('--hyp-conllu', files.hypothesisConllu, systems, 'system files');
  pairUp('--ref-conllu', files.referenceConllu, references, 'references');
  pairUp('--hyp-ptb', files.hypothesisPtb, systems, 'system files');
  pairUp('--ref-ptb', files.referencePtb, references, 'references');
  const conllu = files.hypothesisConllu.length > 0 || files.referenceConllu.length > 0;
  const ptb = files.hypothesisPtb.length > 0 || files.referencePtb.length > 0;
  return {
    trees: conllu
      ? new ConlluTreeSource(
          references.map((r, k) => (files.referenceConllu[k] ? { textFile: r.path, conlluFile: files.referenceConllu[k], lines: r.segments, conllu: readText(files.referenceConllu[k]) } : undefined)),
          files.hypothesisConllu.map((file, i) => ({ textFile: systems[i].path, conlluFile: file, lines: systems[i].segments, conllu: readText(file) })),
        )
      : undefined,
    constituencyTrees: ptb
      ? new BracketedTreeSource(
          references.map((r, k) => (files.referencePtb[k] ? { textFile: r.path, treeFile: files.referencePtb[k], lines: r.segments, bracketed: readText(files.referencePtb[k]) } : undefined)),
          files.hypothesisPtb.map((file, i) => ({ textFile: systems[i].path, treeFile: file, lines: systems[i].segments, bracketed: readText(file) })),
        )
      : undefined,
  };
}
