// Reads a vitest JSON report into counts. A file that cannot even load has no test results of its own, so it
// counts as one failure; a missing report counts as one failure too.
import { existsSync, readFileSync } from 'node:fs';

export function readVitestReport(file, root) {
  if (!existsSync(file)) return { passed: 0, failed: 1, failures: ['vitest produced no report'] };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  let failed = report.numFailedTests;
  for (const result of report.testResults) {
    const name = result.name.replace(root, '.');
    if (result.status === 'failed' && result.assertionResults.length === 0) {
      failed += 1;
      failures.push(`could not run ${name}`);
    }
    for (const test of result.assertionResults)
      if (test.status === 'failed') failures.push(`${name} > ${test.fullName}`);
  }
  return { passed: report.numPassedTests, failed, failures };
}
