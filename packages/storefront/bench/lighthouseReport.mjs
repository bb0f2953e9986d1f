// Turns a Lighthouse result into short lines that say why a DESIGN 7 budget failed: the biggest opportunities and
// failed diagnostics for performance and LCP, the shifting elements for CLS, the failed audits (with the first
// offending selectors) for accessibility.

const ms = (value) => `${Math.round(value)} ms`;

function nodeLabel(item) {
  const node = item?.node ?? item;
  return node?.selector || node?.snippet || node?.nodeLabel || null;
}

function firstNodes(audit, count = 3) {
  const items = audit?.details?.items ?? [];
  return items
    .map((item) => nodeLabel(item) ?? item.url ?? null)
    .filter(Boolean)
    .slice(0, count)
    .map((label) => String(label).slice(0, 90));
}

/** Opportunities (estimated savings) and failed diagnostics of the performance category, biggest first. */
function performanceLines(lhr, limit = 6) {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const lines = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
    if (ref.group === 'metrics') continue;
    const savings = audit.metricSavings ?? {};
    const saved = Math.max(
      audit.details?.overallSavingsMs ?? 0,
      savings.LCP ?? 0,
      savings.FCP ?? 0,
      savings.TBT ?? 0,
    );
    // Most audits list rows; some insights (checklists) keep their items in an object instead.
    const items = Array.isArray(audit.details?.items) ? audit.details.items : [];
    const urls = items
      .map((item) => item.url)
      .filter((url) => typeof url === 'string')
      .slice(0, 2)
      .map((url) => url.replace(/^https?:\/\/[^/]+/, ''));
    lines.push({
      saved,
      text: `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${urls.length ? `: ${urls.join(', ')}` : ''}`,
    });
  }
  return lines
    .sort((a, b) => b.saved - a.saved)
    .slice(0, limit)
    .map((line) => line.text);
}

function metricLines(lhr) {
  const a = lhr.audits;
  const pick = (id) => a[id]?.displayValue ?? '-';
  return `metrics: FCP ${pick('first-contentful-paint')}, LCP ${pick('largest-contentful-paint')}, TBT ${pick('total-blocking-time')}, SI ${pick('speed-index')}, CLS ${pick('cumulative-layout-shift')}`;
}

function lcpLines(lhr) {
  const lines = [];
  const phases = [];
  const element = lhr.audits['largest-contentful-paint-element'];
  for (const table of element?.details?.items ?? []) {
    for (const item of table.items ?? []) {
      if (item.node) lines.push(`LCP element: ${nodeLabel(item)}`);
      else if (item.phase) phases.push(`${item.phase} ${ms(item.timing)}`);
    }
  }
  if (phases.length) lines.push(`LCP phases: ${phases.join(', ')}`);
  const blocking = lhr.audits['render-blocking-resources'];
  if (blocking?.details?.items?.length) {
    lines.push(
      `render-blocking: ${blocking.details.items.map((i) => `${i.url} (${ms(i.wastedMs ?? 0)})`).join(', ')}`,
    );
  }
  return lines;
}

function clsLines(lhr) {
  const shifts = lhr.audits['layout-shifts'] ?? lhr.audits['layout-shift-elements'];
  const items = shifts?.details?.items ?? [];
  return items.slice(0, 5).map((item) => {
    const causes = (item.subItems?.items ?? []).map((c) => c.extra?.value ?? c.cause).filter(Boolean);
    return `shift ${Number(item.score ?? 0).toFixed(4)} of ${nodeLabel(item) ?? 'unknown'}${causes.length ? ` (cause: ${causes.join(', ')})` : ''}`;
  });
}

function accessibilityLines(lhr) {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
    )
    .map((audit) => {
      const nodes = firstNodes(audit);
      return `${audit.id}: ${audit.title}${nodes.length ? ` -- ${nodes.join(' | ')}` : ''}`;
    });
}

/**
 * Lines explaining each failed budget. `pass` holds the verdicts: { performance, accessibility, lcp, cls, tbt }.
 */
export function explainFailures(lhr, pass) {
  const lines = [];
  // Blocking time comes from long main-thread tasks: the same opportunities (script evaluation, bootup) explain it.
  if (!pass.performance || !pass.lcp || pass.tbt === false) {
    lines.push(metricLines(lhr));
    for (const text of performanceLines(lhr)) lines.push(`perf: ${text}`);
  }
  if (!pass.lcp) lines.push(...lcpLines(lhr));
  if (!pass.cls) lines.push(...clsLines(lhr));
  if (!pass.accessibility) lines.push(...accessibilityLines(lhr));
  return lines;
}
