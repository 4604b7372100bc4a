/** Display labels of the syntactic metrics (metric-descriptions.ts). */
export function syntacticMetricLabel(name: string): { label: string; best: number; decimals: number } | undefined {
  const triple = /^(dep-f|depeval)(.*)$/.exec(name);
  if (triple) return triple[1] === 'dep-f' ? { label: `DepF${triple[2]}`, best: 100, decimals: 2 } : { label: `DEPEVAL${triple[2]}`, best: 1, decimals: 4 };
  const labels: Readonly<Record<string, string>> = { 'be-hm': 'BE-HM', be: 'BE', hwcm: 'HWCM', dstm: 'DSTM', stm: 'STM', 'dp-hwc': 'DP-HWC', 'dp-or': 'DP-Or' };
  const label = labels[name];
  if (!label) return undefined;
  return { label, best: 1, decimals: name.startsWith('be') ? 5 : 4 };
}
