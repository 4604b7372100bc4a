/**
 * Metrics whose sentence score depends on the segment's own references only, so that it can be computed from a part
 * of the test set (the editor scores a long file's visible lines first that way, before the whole reference set is
 * prepared). Not NIST: its information weights are counted over every reference of the test set. A metric missing
 * here is simply scored with the rest of the file; a unit test checks each one listed.
 */
export const SEGMENT_LOCAL_METRICS: ReadonlySet<string> = new Set([
  'bleu', 'sentbleu', 'bleu-mteval', 'chrf', 'chrf++', 'ter', 'wer', 'per', 'gtm',
  'rouge1', 'rouge2', 'rouge3', 'rouge4', 'rougeL', 'rougeLsum', 'rougeW', 'rougeS4', 'rougeSU4', 'rougeS*', 'rougeSU*',
]);
