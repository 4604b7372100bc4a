import { RoseModel } from '../../core/meta/rose/rose-model';

/**
 * What the correlation panel's command line leaves out: `understudy correlate` does not read understudy.json, so the
 * ROSE models it computes as metrics are not in it; `understudy rose TABLE --apply MODEL.json` gives their scores.
 */
export function roseModelsNote(models: readonly RoseModel[] | undefined): string | undefined {
  if (!models || models.length === 0) return undefined;
  const names = models.map((m) => m.name).join(', ');
  return `The ROSE ${models.length === 1 ? 'model' : 'models'} ${names} from understudy.json ${models.length === 1 ? 'is' : 'are'} correlated here but not by this command line (understudy correlate does not read the manifest); \`understudy rose TABLE --apply MODEL.json\` prints ${models.length === 1 ? 'its' : 'their'} scores.`;
}
