import { MetricSettings } from '../core/engine/metric-settings';
import { UnderstudyError } from '../core/errors';
import { METEOR_MODULES, METEOR_TASKS, MeteorModule, MeteorTask } from '../core/metrics/meteor/meteor-config';

/** `understudy score` flags for METEOR, named after METEOR 1.5's (`-l -t -p -m -w -norm/-lower -noPunct -x -ch -a`). */
export const METEOR_CLI_OPTIONS = {
  'meteor-language': { type: 'string' },
  'meteor-task': { type: 'string' },
  'meteor-params': { type: 'string' },
  'meteor-modules': { type: 'string' },
  'meteor-weights': { type: 'string' },
  'meteor-normalize': { type: 'string' },
  'meteor-no-punct': { type: 'boolean' },
  'meteor-beam': { type: 'string' },
  'meteor-char': { type: 'boolean' },
  'meteor-paraphrase-table': { type: 'string' },
} as const;

export const METEOR_CLI_USAGE = `METEOR 1.5 (meteor) and the 2005 formula (meteor2005), English:
  --meteor-task rank|adq|hter|util|li|tune|universal   (-t, default rank)
  --meteor-params 'A B G D'   (-p alpha beta gamma delta; as in METEOR, implies the adequacy weights unless --meteor-weights)
  --meteor-modules 'exact stem synonym paraphrase'   (-m)   --meteor-weights '1.0 0.6 0.8 0.6'   (-w)
  --meteor-normalize norm|lower|none   (-norm / -lower / neither; default norm)   --meteor-no-punct   (-noPunct)
  --meteor-beam N (-x, 40)   --meteor-char (-ch)   --meteor-paraphrase-table FILE (-a; METEOR's format, .gz or text)
  --meteor-language en   (-l; only English)
`;

type MeteorValues = { [K in keyof typeof METEOR_CLI_OPTIONS]?: (typeof METEOR_CLI_OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

/** A list of numbers as METEOR takes them ("1.0 0.6 0.8"; commas also accepted). */
function numbers(flag: string, value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const list = value.split(/[\s,]+/).filter((x) => x !== '').map(Number);
  if (list.length === 0 || list.some((n) => !Number.isFinite(n))) throw new UnderstudyError('bad-option', `--${flag} "${value}": expected numbers separated by spaces.`);
  return list;
}

export function meteorSettingsFromArgs(v: MeteorValues, d: MetricSettings): Pick<MetricSettings, 'meteorTask' | 'meteorParameters' | 'meteorModules' | 'meteorWeights' | 'meteorNormalize' | 'meteorNoPunct' | 'meteorBeamSize' | 'meteorCharacterBased' | 'meteorParaphraseTable'> {
  const language = v['meteor-language'];
  if (language !== undefined && !['en', 'english'].includes(language.toLowerCase())) {
    throw new UnderstudyError('bad-option', `--meteor-language ${language}: only en is available (Understudy has METEOR 1.5's English resources).`);
  }
  const task = v['meteor-task'] ?? d.meteorTask;
  if (!(METEOR_TASKS as readonly string[]).includes(task)) throw new UnderstudyError('bad-option', `--meteor-task ${task}: expected one of ${METEOR_TASKS.join(', ')}.`);
  const parameters = numbers('meteor-params', v['meteor-params']);
  if (parameters && parameters.length !== 4) throw new UnderstudyError('bad-option', '--meteor-params: expected four numbers, alpha beta gamma delta.');
  const modules = v['meteor-modules']?.split(/[\s,]+/).filter((m) => m !== '');
  for (const m of modules ?? []) {
    if (!(METEOR_MODULES as readonly string[]).includes(m)) throw new UnderstudyError('bad-option', `--meteor-modules: unknown module "${m}"; expected exact, stem, synonym, paraphrase.`);
  }
  const normalize = v['meteor-normalize'] ?? d.meteorNormalize;
  if (!['norm', 'lower', 'none'].includes(normalize)) throw new UnderstudyError('bad-option', `--meteor-normalize ${normalize}: expected norm, lower or none.`);
  const beam = v['meteor-beam'] === undefined ? d.meteorBeamSize : Number(v['meteor-beam']);
  if (!Number.isInteger(beam) || beam < 1) throw new UnderstudyError('bad-option', `--meteor-beam ${v['meteor-beam']}: expected a positive integer.`);
  return {
    meteorTask: task as MeteorTask,
    meteorParameters: parameters ? (parameters as unknown as readonly [number, number, number, number]) : d.meteorParameters,
    meteorModules: modules ? (modules as MeteorModule[]) : d.meteorModules,
    meteorWeights: numbers('meteor-weights', v['meteor-weights']) ?? d.meteorWeights,
    meteorNormalize: normalize as 'norm' | 'lower' | 'none',
    meteorNoPunct: v['meteor-no-punct'] ?? d.meteorNoPunct,
    meteorBeamSize: beam,
    meteorCharacterBased: v['meteor-char'] ?? d.meteorCharacterBased,
    meteorParaphraseTable: v['meteor-paraphrase-table'] ?? d.meteorParaphraseTable,
  };
}
