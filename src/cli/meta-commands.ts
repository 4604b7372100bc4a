import { UnderstudyError } from '../core/errors';
import { CONDITIONS_USAGE, parseConditionsArgs, runConditions } from './conditions-command';
import { FRAGMENTS_USAGE, parseFragmentsArgs, runFragmentsCommand } from './fragments-command';
import { GAP_USAGE, parseGapArgs, runGap } from './gap-command';
import { HETEROGENEITY_USAGE, parseHeterogeneityArgs, runHeterogeneity } from './heterogeneity-command';
import { QARLA_USAGE, parseQarlaArgs, runQarla } from './qarla-command';
import { ROSE_USAGE, parseRoseArgs, runRose } from './rose-command';
import type { CliOutput } from './run-cli';

interface MetaCommand<T> {
  readonly usage: string;
  readonly parse: (argv: string[]) => T | 'help';
  readonly run: (command: T, io: CliOutput) => number;
}

const command = <T>(c: MetaCommand<T>): MetaCommand<unknown> => c as MetaCommand<unknown>;

/** The meta-evaluation subcommands of issue 7 (`understudy conditions`, `rose`, `gap`, `fragments`, `qarla`, `heterogeneity`). */
export const META_COMMANDS: Readonly<Record<string, MetaCommand<unknown>>> = {
  conditions: command({ usage: CONDITIONS_USAGE, parse: parseConditionsArgs, run: runConditions }),
  rose: command({ usage: ROSE_USAGE, parse: parseRoseArgs, run: runRose }),
  gap: command({ usage: GAP_USAGE, parse: parseGapArgs, run: runGap }),
  fragments: command({ usage: FRAGMENTS_USAGE, parse: parseFragmentsArgs, run: runFragmentsCommand }),
  qarla: command({ usage: QARLA_USAGE, parse: parseQarlaArgs, run: runQarla }),
  heterogeneity: command({ usage: HETEROGENEITY_USAGE, parse: parseHeterogeneityArgs, run: runHeterogeneity }),
};

/** Usage lines for `understudy --help`. */
export const META_COMMANDS_USAGE = `  understudy conditions --human TABLE --ref REF ... HYP ...   correlation with humans as references/items shrink (\`understudy conditions --help\`)
  understudy rose TABLE --human COLUMN [...]   ROSE: best linear combination of metric columns (\`understudy rose --help\`)
  understudy gap TABLE --metric COL --human COL --group COL   the human–system gap with robust lines (\`understudy gap --help\`)
  understudy fragments --human J --docs D | --table T   truncated last sentences and their cost with metrics vs humans (\`understudy fragments --help\`)
  understudy qarla queen|king|jack|search|… TABLE --models A,B,…   QARLA over similarity tables (\`understudy qarla --help\`)
  understudy heterogeneity h|ulc|hbr|reliability|sip|ost|auc TABLE   heterogeneity and combinations (\`understudy heterogeneity --help\`)
`;

/**
 * Parses and runs one of META_COMMANDS: `--help` prints its usage; an UnderstudyError becomes its message on stderr,
 * status 2 for a bad option, 1 for input that cannot be used.
 */
export function runMetaCommand(name: string, argv: string[], io: CliOutput): number {
  const meta = META_COMMANDS[name];
  let parsed: unknown;
  try {
    parsed = meta.parse(argv);
  } catch (error) {
    if (error instanceof UnderstudyError) {
      io.stderr(`understudy: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (parsed === 'help') {
    io.stdout(meta.usage);
    return 0;
  }
  try {
    return meta.run(parsed, io);
  } catch (error) {
    if (error instanceof UnderstudyError) {
      io.stderr(`understudy: ${error.message}\n`);
      return error.code === 'bad-option' ? 2 : 1;
    }
    throw error;
  }
}
