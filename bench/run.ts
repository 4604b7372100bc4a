import { execFileSync } from 'child_process';
import * as path from 'path';
import { CASES, BenchResult } from './cases';
import { dataRoot } from './data';

/**
 * Runs each benchmark case in its own Node process (one core, so peak RSS belongs to that case alone) and prints
 * the table the issues ask for: metric, segments, seconds, segments/s, peak RSS. Timings are compute after reading.
 */
function main(): void {
  const { root, shared } = dataRoot();
  console.log(`data: ${root}${shared ? ' (../shared/data)' : ' (test/fixtures: ../shared/data is absent, so outputs are cycled)'}`);
  console.log(`node ${process.version}, ${process.platform}/${process.arch}\n`);
  const rows: (BenchResult & { rssMiB: number })[] = [];
  const only = process.argv.slice(2);
  for (const name of Object.keys(CASES)) {
    if (only.length > 0 && !only.includes(name)) continue;
    const out = execFileSync(process.execPath, [path.join(__dirname, 'cases.js'), name], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const { results, maxRssKiB } = JSON.parse(out) as { results: BenchResult[]; maxRssKiB: number };
    for (const r of results) rows.push({ ...r, rssMiB: maxRssKiB / 1024 });
  }
  const header = ['case', 'metric', 'segments', 'seconds', 'segments/s', 'peak RSS MiB', 'note'];
  const table = rows.map((r) => [
    r.name,
    r.metric,
    String(r.segments),
    r.seconds < 0.01 ? `${(r.seconds * 1000).toFixed(3)} ms` : r.seconds.toFixed(3),
    Math.round(r.segments / r.seconds).toLocaleString('en-US'),
    r.rssMiB.toFixed(0),
    r.note,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const format = (row: string[]): string => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(format(row));
}

main();
