// The table of the interactions bench (interactions.mjs): p50 / max per interaction with the worst run's split and
// longest scripts, and the same figures as JSON.
import { writeFileSync } from 'node:fs';
import { BUDGET_MS, CPU, PHONE } from './interactionSettings.mjs';

const p50 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

function attribution(sample) {
  const scripts = sample.frames
    .flatMap((f) => f.scripts)
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 2)
    .map((s) => `${s.what.trim()} ${Math.round(s.duration)}`);
  return scripts.join('; ');
}

/** Script time in the interactions' 'input' events (typing), ms; empty for taps. */
const scriptsOf = (row) => row.samples.map((s) => s.script).filter((v) => v !== undefined);

export function printTable(rows) {
  const pad = (v, w) => String(v).padEnd(w);
  const num = (v) => String(Math.round(v)).padStart(5);
  const lines = [
    `Interactions after load, ${PHONE.viewport.width} px phone, touch, ${CPU}x CPU slowdown; ms from input to next paint (Event Timing), budget ${BUDGET_MS}`,
    `${pad('interaction', 56)}${'n'.padStart(3)}${'p50'.padStart(6)}${'max'.padStart(6)}${'input script'.padStart(14)}  worst: delay/processing/presentation  longest scripts (LoAF)`,
  ];
  for (const row of rows) {
    const values = row.samples.map((s) => s.ms);
    const worst = row.samples.reduce((a, b) => (b.ms > a.ms ? b : a));
    const split = worst.worst
      ? `${Math.round(worst.worst.delay)}/${Math.round(worst.worst.processing)}/${Math.round(worst.worst.presentation)} ${worst.worst.name}`
      : '-';
    const over = Math.max(...values) > BUDGET_MS ? ' OVER' : '';
    const scripts = scriptsOf(row);
    const script = scripts.length > 0 ? `${p50(scripts).toFixed(1)}/${Math.max(...scripts).toFixed(1)}` : '-';
    lines.push(
      `${pad(row.name, 56)}${String(values.length).padStart(3)}${num(p50(values))}${num(Math.max(...values))}${script.padStart(14)}  ${pad(split, 36)} ${attribution(worst)}${over}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Writes each interaction's runs, p50 and max (and typing's input script time) to `path`. */
export function writeFigures(path, rows) {
  writeFileSync(
    path,
    JSON.stringify(
      rows.map((row) => ({
        name: row.name,
        runs: row.samples.map((s) => s.ms),
        p50: p50(row.samples.map((s) => s.ms)),
        max: Math.max(...row.samples.map((s) => s.ms)),
        ...(scriptsOf(row).length > 0 && {
          inputScriptP50: p50(scriptsOf(row)),
          inputScripts: scriptsOf(row),
        }),
      })),
      null,
      2,
    ),
  );
}
