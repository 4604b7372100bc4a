import * as fs from 'fs';
import * as path from 'path';
import { ExpansionResources } from '../engine/expanded-references-adapter';
import { MetricSettings } from '../engine/metric-settings';
import { ReadOptions } from '../corpus/decode-segments';
import { UnderstudyError } from '../errors';
import { parseSynonymGroups } from '../paraphrase/synonym-source';
import { readSegmentFile } from './read-segments';
import { loadWordNet, WORDNET_VERSION } from './wordnet-file';

/**
 * Reads what reference expansion needs from the files the settings name (the source text, a synonym list), once for
 * all the metrics of a run; undefined when expansion is off. The CLI and the scoring worker both start here.
 */
export function readExpansionResources(settings: MetricSettings, readOptions: ReadOptions = {}): ExpansionResources | undefined {
  if (settings.expandReferences === 'none') return undefined;
  const source = settings.expansionSourceFile ? readSegmentFile(settings.expansionSourceFile, readOptions).segments : undefined;
  let synonyms;
  if (settings.synonymsFile) {
    const file = settings.synonymsFile;
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new UnderstudyError('unreadable-file', `Cannot read the synonym list ${file}: ${(error as Error).message}. Check the path.`, { file });
    }
    try {
      synonyms = parseSynonymGroups(text, `file:${path.basename(file)}`);
    } catch (error) {
      throw new UnderstudyError('bad-option', (error as Error).message, { file });
    }
  }
  // Without a list of its own, "wordnet" uses the WordNet shipped in resources/ (3.0, the one METEOR 1.5 uses).
  if (!synonyms && settings.expandReferences === 'wordnet') {
    const wordnet = loadWordNet();
    synonyms = { name: `wordnet-${WORDNET_VERSION}`, synonyms: (word: string, pos?: 'n' | 'v' | 'a' | 'r') => wordnet.synonyms(word, pos) };
  }
  return new ExpansionResources(source, synonyms);
}
