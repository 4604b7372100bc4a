/**
 * Metrics whose sentence scores depend on the whole reference set, not only on the segment's own references: NIST's
 * information weights are counted over every reference of the test set. Every other metric's sentence score can be
 * computed from a part of the test set (the editor scores the visible lines first that way); a unit test checks it
 * for every metric of the registry.
 */
export const CORPUS_CONTEXT_METRICS: ReadonlySet<string> = new Set(['nist']);
