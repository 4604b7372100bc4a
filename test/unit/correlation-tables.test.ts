import * as assert from 'node:assert/strict';
import { CorrelationReport } from '../../src/core/meta/correlation-report';
import { correlationTable, formatCorrelationTable, latexText } from '../../src/core/report/correlation-tables';
import { csEnReport } from './correlation-fixture';

const EVIL = '<img src=x onerror=alert(1)>';

/** The report with one system renamed everywhere it is named (a hostile or TeX-unfriendly name). */
function renamed(report: CorrelationReport, from: string, to: string): CorrelationReport {
  return JSON.parse(JSON.stringify(report).split(JSON.stringify(from)).join(JSON.stringify(to))) as CorrelationReport;
}

describe('correlation tables and their exports (CSV, LaTeX, Markdown)', function () {
  this.timeout(120000);
  let report: CorrelationReport;
  before(() => {
    report = csEnReport({ bootstrapSamples: 0, permutationSamples: 200 });
  });

  it('system level: CSV keeps full precision, an interval is two columns, a missing bootstrap is empty', () => {
    const table = correlationTable(report, { table: 'system-level' });
    assert.ok(table);
    const csv = formatCorrelationTable(table, 'csv').split('\r\n');
    assert.equal(csv[0], 'metric,coefficient,value,interval lower,interval upper,bootstrap lower,bootstrap upper,p,n');
    const bleu = report.systemLevel[0].estimates[0];
    assert.equal(bleu.statistic, 0.5551759610143641);
    assert.equal(csv[1], `BLEU,pearson,${bleu.statistic},${bleu.interval?.lower},${bleu.interval?.upper},,,${bleu.pvalue},8`);
    assert.equal(csv.length, 1 + 9 + 1, 'header, 3 metrics × 3 coefficients, and the final CRLF');
    assert.match(csv[7], /^−TER,pearson,0\.5644268/, 'TER is correlated as −TER');
  });

  it('LaTeX: booktabs, the printed digits, real minus signs, notes as comments', () => {
    const table = correlationTable(report, { table: 'system-level' });
    assert.ok(table);
    const tex = formatCorrelationTable(table, 'latex');
    assert.match(tex, /^% System-level correlations with DA z \(8 systems; 95% intervals; two-sided p\)\n/);
    assert.match(tex, /\n% Signature: human:wmt21-seg\+wmt21-sys:z\|sys:8\|.*\|boot:no\|perm:200,seed:12345\|/);
    assert.match(tex, /\\begin\{tabular\}\{llrrrrr\}\n\\toprule\nmetric & coefficient & value & interval & bootstrap & p & n \\\\\n\\midrule\n/);
    assert.ok(tex.includes('BLEU & pearson & 0.5552 & [$-$0.2456, 0.9056] & -- & 0.1532 & 8 \\\\\n'), tex);
    assert.ok(tex.includes('$-$TER & pearson & 0.5644 & [$-$0.2329, 0.9080] & -- & 0.1450 & 8 \\\\\n'));
    assert.match(tex, /\\caption\{System-level correlations with DA z/);
    assert.equal(latexText('A&B_%{x}#$~^\\'), 'A\\&B\\_\\%\\{x\\}\\#\\$\\textasciitilde{}\\textasciicircum{}\\textbackslash{}');
  });

  it('Markdown: a table with escaped text (a hostile system name stays text) and the signature as code', () => {
    const table = correlationTable(renamed(report, 'Online-B', EVIL), { table: 'systems' });
    assert.ok(table);
    const md = formatCorrelationTable(table, 'markdown');
    assert.match(md, /^\*\*Systems × metrics with the human score \(DA z\)\*\*\n\n\| system \| human \| judged segments \| BLEU \| chrF \| TER \| included \| note \|\n\|---\|--:\|--:\|--:\|--:\|--:\|---\|---\|\n/);
    assert.ok(md.includes('| Facebook-AI | 0.1110 | 923 | 31.10 | 59.92 | 56.88 | yes |  |'), md);
    assert.ok(md.includes('| &lt;img src=x onerror=alert(1)&gt; | -0.0050 |'), 'the name is escaped');
    assert.ok(!md.includes('<img'), 'no raw HTML');
    assert.match(md, /\nSignature: `human:wmt21-seg\+wmt21-sys:z\|sys:8\|[^`]*`\n/);
    assert.match(md, /\nBLEU: `nrefs:1\|case:mixed\|eff:no\|tok:13a\|smooth:exp\|version:2\.6\.0`\n/);
  });

  it('rows follow a display order when it is a permutation of them, and the report order otherwise', () => {
    const plain = correlationTable(report, { table: 'systems' });
    const ordered = correlationTable(report, { table: 'systems', order: [8, 7, 6, 5, 4, 3, 2, 1, 0] });
    assert.ok(plain && ordered);
    assert.deepEqual(ordered.rows.map((r) => r[0]), [...plain.rows.map((r) => r[0])].reverse());
    assert.deepEqual(correlationTable(report, { table: 'systems', order: [0, 0, 1, 2, 3, 4, 5, 6, 7] })?.rows, plain.rows);
    assert.deepEqual(correlationTable(report, { table: 'systems', order: [1, 0] })?.rows, plain.rows);
  });

  it('comparisons by level, matrices by level and coefficient; tables the report lacks are undefined', () => {
    const system = correlationTable(report, { table: 'comparisons', level: 'system' });
    const segment = correlationTable(report, { table: 'comparisons', level: 'segment' });
    const all = correlationTable(report, { table: 'comparisons' });
    assert.ok(system && segment && all);
    assert.equal(system.rows.length, 9);
    assert.equal(segment.rows.length, 3, "Williams' test of the pooled Pearson correlations");
    assert.equal(all.rows.length, 12);
    assert.deepEqual(system.rows[0].slice(0, 4), ['system', 'pearson', 'chrF', 'BLEU']);
    const matrix = correlationTable(report, { table: 'metric-matrix', level: 'segment', correlation: 'kendall-b' });
    assert.ok(matrix);
    assert.equal(matrix.title, 'Metric × metric correlations (segment level, kendall-b)');
    assert.deepEqual(matrix.rows.map((r) => r[0]), ['BLEU', 'chrF', '−TER']);
    assert.equal(formatCorrelationTable(matrix, 'csv').split('\r\n')[0], ',BLEU,chrF,−TER');
    assert.equal(correlationTable(report, { table: 'metric-matrix', level: 'segment', correlation: 'kendall-like' }), undefined);
    const systemOnly: CorrelationReport = { ...report, segmentLevel: null, pairwiseAgreement: null };
    assert.equal(correlationTable(systemOnly, { table: 'segment-level' }), undefined);
    assert.equal(correlationTable(systemOnly, { table: 'agreement' }), undefined);
    const agreement = correlationTable(report, { table: 'agreement' });
    assert.ok(agreement);
    assert.equal(formatCorrelationTable(agreement, 'markdown').split('\n')[4], '| BLEU | 28 | 13 | 24 | 0.7692 | 0.1333 | 0.0357 | 0.4286 | [0.2453, 0.6119] | 0.7143 | [0.5470, 0.8816] |');
  });
});
