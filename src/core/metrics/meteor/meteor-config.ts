import { UnderstudyError } from '../../errors';
import { METEOR_NORM_NAMES, MeteorNormalization } from './meteor-normalize';

/**
 * METEOR 1.5's configuration (MeteorConfiguration + Constants in cmu-mtlab/meteor), for English: tasks with their
 * parameters (alpha, beta, gamma, delta), modules and module weights, and how the command-line options override them.
 */
export type MeteorModule = 'exact' | 'stem' | 'synonym' | 'paraphrase';
export type MeteorTask = 'rank' | 'adq' | 'hter' | 'util' | 'li' | 'tune' | 'universal';

export const METEOR_MODULES: readonly MeteorModule[] = ['exact', 'stem', 'synonym', 'paraphrase'];
export const METEOR_TASKS: readonly MeteorTask[] = ['rank', 'adq', 'hter', 'util', 'li', 'tune', 'universal'];
export const METEOR_VERSION = '1.5';
/** METEOR's default beam width for the alignment search (`-x`). */
export const METEOR_DEFAULT_BEAM = 40;

/** alpha, beta, gamma, delta. */
export type MeteorParameters = readonly [number, number, number, number];

interface TaskDefaults {
  readonly description: string;
  readonly parameters: MeteorParameters;
  /** Weights by position in the module list (METEOR keeps one weight list per task, cut to the module count). */
  readonly weights: readonly number[];
  readonly modules: readonly MeteorModule[];
}

const ENGLISH_MODULES: readonly MeteorModule[] = ['exact', 'stem', 'synonym', 'paraphrase'];

/** METEOR 1.5's English task defaults (Constants.PARAM_* / WEIGHT_* / getModules for LANG_EN). */
const ENGLISH_TASKS: Readonly<Record<MeteorTask, TaskDefaults>> = {
  rank: { description: 'Ranking', parameters: [0.85, 0.2, 0.6, 0.75], weights: [1.0, 0.6, 0.8, 0.6], modules: ENGLISH_MODULES },
  adq: { description: 'Adequacy', parameters: [0.75, 1.4, 0.45, 0.7], weights: [1.0, 1.0, 0.6, 0.8], modules: ENGLISH_MODULES },
  hter: { description: 'HTER', parameters: [0.4, 1.5, 0.35, 0.55], weights: [1.0, 0.2, 0.6, 0.8], modules: ENGLISH_MODULES },
  util: { description: 'Translator-Utility', parameters: [0.65, 0.1, 0.55, 0.65], weights: [1.0, 0.0, 0.0, 0.8], modules: ENGLISH_MODULES },
  li: { description: 'Language-Independent', parameters: [0.75, 1.4, 0.7, 0.5], weights: [1.0, 0.5, 0.5, 0.5], modules: ENGLISH_MODULES },
  tune: { description: 'Tune', parameters: [0.5, 1.0, 0.5, 0.5], weights: [1.0, 0.5, 0.5, 0.5], modules: ENGLISH_MODULES },
  universal: { description: 'Universal', parameters: [0.7, 1.4, 0.3, 0.7], weights: [1.0, 0.6, 0, 0], modules: ['exact', 'paraphrase'] },
};

/** What the user asked for, named after METEOR's flags. Unset fields take METEOR's defaults. */
export interface MeteorOptions {
  /** `-l`: only English (`en`) has METEOR 1.5's stemmer, synonyms and function words here. */
  readonly language?: string;
  /** `-t` (default `rank`). */
  readonly task?: MeteorTask;
  /** `-p 'alpha beta gamma delta'`. As in METEOR 1.5, giving them makes the task custom (see `resolveMeteorOptions`). */
  readonly parameters?: MeteorParameters;
  /** `-m`. */
  readonly modules?: readonly MeteorModule[];
  /** `-w`, by position in the module list. */
  readonly weights?: readonly number[];
  /** `-norm` / `-lower` / `-noPunct` (default `norm` here; METEOR's own default is no normalisation). */
  readonly normalization?: MeteorNormalization;
  /** `-x` (default 40). */
  readonly beamSize?: number;
  /**
   * `-ch`: precision and recall over characters instead of words. METEOR's usage text says `-t util` implies it, but
   * its command line resets the flag to what `-ch` says after applying the task, so here too only this option sets it.
   */
  readonly characterBased?: boolean;
  /** A paraphrase table is available (`-a`); without one, the paraphrase module is dropped from the default modules. */
  readonly hasParaphraseTable?: boolean;
}

export interface MeteorConfig {
  readonly task: MeteorTask | 'custom';
  readonly taskDescription: string;
  readonly parameters: MeteorParameters;
  readonly modules: readonly MeteorModule[];
  readonly weights: readonly number[];
  readonly normalization: MeteorNormalization;
  readonly beamSize: number;
  readonly characterBased: boolean;
}

/**
 * METEOR 1.5's option resolution (MeteorConfiguration(Properties) + Meteor.createPropertiesFromArgs):
 * - the task sets parameters, modules, weights (cut to the module count) and character-based scoring (util);
 * - `-p` overrides the parameters and, as in METEOR 1.5, turns the task into "custom", whose defaults are the
 *   adequacy task's: so `-p` without `-w` scores with the adequacy weights (1.0 1.0 0.6 0.8 for English);
 * - `-w` replaces the weights; `-m` replaces the modules and cuts or pads (with 0) the weights to their number.
 * Departure: without a paraphrase table the paraphrase module is left out of the default modules (METEOR would fail
 * to load its table); asking for it explicitly without a table is an error.
 */
export function resolveMeteorOptions(options: MeteorOptions = {}): MeteorConfig {
  const language = (options.language ?? 'en').toLowerCase();
  if (language !== 'en' && language !== 'english') {
    throw new UnderstudyError('bad-option', `METEOR language "${options.language}" is not available: Understudy has METEOR 1.5's English resources only (use en).`);
  }
  const custom = options.parameters !== undefined;
  const taskName: MeteorTask = custom ? 'adq' : (options.task ?? 'rank');
  const task = ENGLISH_TASKS[taskName];
  if (!task) throw new UnderstudyError('bad-option', `Unknown METEOR task "${options.task}": expected one of ${METEOR_TASKS.join(', ')}.`);

  const parameters = options.parameters ?? task.parameters;
  if (parameters.length !== 4 || parameters.some((p) => !Number.isFinite(p))) {
    throw new UnderstudyError('bad-option', 'METEOR parameters need four numbers: alpha beta gamma delta.');
  }
  let modules: readonly MeteorModule[];
  if (options.modules !== undefined) {
    if (options.modules.length === 0) throw new UnderstudyError('bad-option', 'METEOR needs at least one module (exact, stem, synonym, paraphrase).');
    for (const m of options.modules) {
      if (!METEOR_MODULES.includes(m)) throw new UnderstudyError('bad-option', `Unknown METEOR module "${m}": expected exact, stem, synonym or paraphrase.`);
    }
    if (options.modules.includes('paraphrase') && !options.hasParaphraseTable) {
      throw new UnderstudyError('bad-option', 'The METEOR paraphrase module needs a paraphrase table: give one with --meteor-paraphrase-table FILE (METEOR\'s format), or leave paraphrase out of the modules.');
    }
    modules = options.modules;
  } else {
    modules = options.hasParaphraseTable ? task.modules : task.modules.filter((m) => m !== 'paraphrase');
  }
  // Weights: the task's list (or -w), then cut or padded to the modules actually used, by position.
  const weightList = options.weights ?? task.weights;
  if (weightList.some((w) => !Number.isFinite(w))) throw new UnderstudyError('bad-option', 'METEOR module weights must be numbers.');
  const weights = modules.map((_, i) => (i < weightList.length ? weightList[i] : 0));
  const beamSize = options.beamSize ?? METEOR_DEFAULT_BEAM;
  if (!Number.isInteger(beamSize) || beamSize < 1) throw new UnderstudyError('bad-option', 'The METEOR beam size must be a positive integer.');
  const isCustom = custom || options.modules !== undefined || options.weights !== undefined;
  return {
    task: isCustom ? 'custom' : taskName,
    taskDescription: isCustom ? 'Custom' : task.description,
    parameters,
    modules,
    weights,
    normalization: options.normalization ?? 'norm',
    beamSize,
    characterBased: options.characterBased ?? false,
  };
}

const MODULE_SHORT_NAMES: Readonly<Record<MeteorModule, string>> = { exact: 'ex', stem: 'st', synonym: 'sy', paraphrase: 'pa' };

/** Java's `Double.toString` for the plain numbers METEOR prints (integral values keep `.0`). */
export function javaDoubleString(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e7) return x.toFixed(1);
  const abs = Math.abs(x);
  if (abs >= 1e-3 && abs < 1e7) return String(x);
  // Java's computerized scientific notation: d.dddE±n (no '+').
  const [mantissa, exponent] = x.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : mantissa + '.0'}E${Number(exponent)}`;
}

/** METEOR's Eval ID (MeteorConfiguration.getConfigID), e.g. `meteor-1.5-wo-en-norm-0.85_0.2_0.6_0.75-ex_st_sy-1.0_0.6_0.8`. */
export function meteorEvalId(config: MeteorConfig): string {
  return [
    'meteor',
    METEOR_VERSION,
    config.characterBased ? 'ch' : 'wo',
    'en',
    METEOR_NORM_NAMES[config.normalization],
    config.parameters.map(javaDoubleString).join('_'),
    config.modules.map((m) => MODULE_SHORT_NAMES[m]).join('_'),
    config.weights.map(javaDoubleString).join('_'),
  ].join('-');
}
