import * as assert from 'node:assert/strict';
import { csvField, exportFormatOf, exportToCsv, exportToJson, exportToMarkdown, formatExport, markdownText, scoreExport, ScoreExport } from '../../src/core/report/score-export';

const TRICKY = [
  'plain text',
  'a comma, inside',
  'a "quoted" word',
  'two\nlines',
  'crlf\r\nline',
  '  leading and trailing  ',
  '<img src=x onerror=alert(1)>',
  'pipes | and \\ backslash | `code` *stars* _under_ [link](x) # hash',
  '- a list marker',
  '1. a number',
  '',
];

function sample(): ScoreExport {
  return scoreExport(
    [
      {
        name: 'sys, "A"',
        file: 'out/sys A.en',
        references: ['ref.A.en'],
        corpus: {
          bleu: { score: 31.095372270632094, signature: 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0', interval: { mean: 31.09, halfWidth: 1.04, lower: 30.0, upper: 32.1, samples: 1000, seed: 12345 } },
          rouge1: { score: 0.4, p: 0.41, r: 0.39, f: 0.4, signature: 'ROUGE-1.5.5|-n 1|-a' },
        },
        segments: TRICKY.map((hypothesis, i) => ({ hypothesis, scores: { bleu: i === 3 ? NaN : 10 + i / 3, rouge1: i / 10 } })),
      },
      {
        name: 'B',
        file: 'b.en',
        references: ['ref.A.en'],
        corpus: { bleu: { score: 29.5, signature: 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0' } },
        segments: [{ hypothesis: 'x', scores: { bleu: 1 } }],
      },
    ],
    '2025-01-02T03:04:05.000Z',
  );
}

/** An RFC 4180 reader (quoted fields with doubled quotes and line breaks), to check the writer against. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
    i++;
  }
  assert.equal(row.length + field.length, 0, 'the text ends with a line break');
  return rows;
}

describe('Export Scores: CSV, JSON and Markdown', () => {
  it('the format follows the file extension', () => {
    assert.equal(exportFormatOf('/x/scores.CSV'), 'csv');
    assert.equal(exportFormatOf('scores.json'), 'json');
    assert.equal(exportFormatOf('a.b/scores.md'), 'markdown');
    assert.equal(exportFormatOf('scores.markdown'), 'markdown');
    assert.equal(exportFormatOf('scores.txt'), undefined);
    assert.equal(exportFormatOf('scores'), undefined);
  });

  it('CSV fields are quoted when they hold commas, quotes, line breaks or edge spaces, quotes doubled', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a, b'), '"a, b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvField('cr\rhere'), '"cr\rhere"');
    assert.equal(csvField(' padded'), '" padded"');
    assert.equal(csvField(31.095372270632094), '31.095372270632094');
    assert.equal(csvField(NaN), '');
    assert.equal(csvField(undefined), '');
  });

  it('CSV: a header, corpus rows with signatures, then segment rows whose text survives a standard reader', () => {
    const data = sample();
    const rows = parseCsv(exportToCsv(data));
    assert.deepEqual(rows[0], ['level', 'system', 'file', 'segment', 'bleu', 'rouge1', 'bleu_signature', 'rouge1_signature', 'hypothesis']);
    assert.deepEqual(rows[1], ['corpus', 'sys, "A"', 'out/sys A.en', '', '31.095372270632094', '0.4', 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0', 'ROUGE-1.5.5|-n 1|-a', '']);
    assert.deepEqual(rows[2].slice(0, 7), ['corpus', 'B', 'b.en', '', '29.5', '', 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0']);
    const segments = rows.filter((r) => r[0] === 'segment' && r[1] === 'sys, "A"');
    assert.deepEqual(segments.map((r) => r[8]), TRICKY, 'every hypothesis comes back exactly');
    assert.deepEqual(segments.map((r) => r[3]), TRICKY.map((_, i) => String(i + 1)));
    assert.equal(segments[3][4], '', 'NaN is an empty field');
    assert.equal(Number(segments[1][4]), 10 + 1 / 3, 'full precision');
    assert.ok(rows.every((r) => r.length === 9));
  });

  it('JSON keeps every value (NaN as null) and the structure', () => {
    const data = sample();
    const parsed = JSON.parse(exportToJson(data)) as ScoreExport;
    assert.equal(parsed.understudy, data.understudy);
    assert.equal(parsed.created, '2025-01-02T03:04:05.000Z');
    assert.deepEqual(parsed.metrics, ['bleu', 'rouge1']);
    assert.deepEqual(parsed.systems[0].segments.map((s) => s.hypothesis), TRICKY);
    assert.equal(parsed.systems[0].segments[3].scores.bleu, null);
    assert.deepEqual(parsed.systems[0].corpus.bleu.interval, { mean: 31.09, halfWidth: 1.04, lower: 30.0, upper: 32.1, samples: 1000, seed: 12345 });
    assert.equal(formatExport(data, 'json'), exportToJson(data));
  });

  it('Markdown text is shown literally: no raw HTML, no table breaks, no formatting', () => {
    assert.equal(markdownText('<img src=x onerror=alert(1)>'), '&lt;img src=x onerror=alert(1)&gt;');
    assert.equal(markdownText('a | b'), 'a \\| b');
    assert.equal(markdownText('*bold* _it_ `c` [l](x) ~s~ # h \\'), '\\*bold\\* \\_it\\_ \\`c\\` \\[l\\](x) \\~s\\~ \\# h \\\\');
    assert.equal(markdownText('- item'), '\\- item');
    assert.equal(markdownText('12. item'), '12\\. item');
    assert.equal(markdownText('AT&T'), 'AT&amp;T');
    assert.equal(markdownText('two\nlines\r\nthree'), 'two<br>lines<br>three');
  });

  it('Markdown: corpus table with intervals, signatures as code, one segment table per system, every row one line', () => {
    const markdown = exportToMarkdown(sample());
    const lines = markdown.split('\n');
    assert.ok(lines.includes('| system | bleu | rouge1 |'));
    assert.ok(lines.includes('| sys, "A" | 31.10 (μ 31.09 ± 1.04) | P 0.41000 R 0.39000 F 0.40000 |'), markdown);
    assert.ok(lines.includes('  - bleu: `nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0`'));
    assert.ok(lines.includes('| 7 | 12.00 | 0.60000 | &lt;img src=x onerror=alert(1)&gt; |'), 'the hostile segment is text');
    assert.ok(lines.includes('| 4 | nan | 0.30000 | two<br>lines |'));
    assert.ok(!/<img/.test(markdown));
    // Every table row has as many unescaped pipes as its header.
    const table = lines.filter((l) => l.startsWith('| ') && /^\| \d+ \|/.test(l));
    for (const row of table) assert.equal(row.replace(/\\\|/g, '').split('|').length - 2, 4, row);
  });
});
