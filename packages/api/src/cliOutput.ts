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
