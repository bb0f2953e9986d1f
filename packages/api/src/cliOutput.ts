import { type ParseArgsConfig, parseArgs } from 'node:util';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** Where an operator command's output goes (`lp-api dealer`, `lp-api customer`; tests capture it). */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

/** The terminal: results on stdout, refusals and usage errors on stderr. */
export const consoleOutput: CliOutput = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** Options every operator command knows. */
const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionsConfig;

/** The parse of a command with `Options` (named, so the declaration files can say what the parse answers). */
type CommandConfig<Options extends OptionsConfig> = {
  args: string[];
  options: typeof COMMON_OPTIONS & Options;
  strict: true;
  allowPositionals: true;
};

/**
 * An operator command's arguments, parsed strictly (unknown options and missing values are errors) with positionals
 * allowed and `--json` and `--help`/`-h` known to every command. Undefined after the parse error and the command's
 * usage went to stderr: the command then exits 2.
 */
export function parseCommandArgs<const Options extends OptionsConfig>(
  argv: string[],
  options: Options,
  usage: string,
  output: CliOutput,
): ReturnType<typeof parseArgs<CommandConfig<Options>>> | undefined {
  try {
    return parseArgs({
      args: argv,
      options: { ...COMMON_OPTIONS, ...options },
      strict: true as const,
      allowPositionals: true as const,
    });
  } catch (error) {
    output.err(`${(error as Error).message}\n\n${usage}`);
    return undefined;
  }
}
