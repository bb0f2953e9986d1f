import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_ID, readBootData, serializeJsonForScript } from '../src/app/bootData';

describe('transfer-state serialisation', () => {
  it('cannot be closed or commented out by data, and parses back to the same value', () => {
    const hostile = {
      html: '</script><script>alert(1)</script><!-- &amp; -->',
      line: 'a\u2028b\u2029c',
      deep: [{ '</SCRIPT>': '<\\/script>' }],
    };
    const text = serializeJsonForScript(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('handles huge input', () => {
    const big = { items: Array.from({ length: 20_000 }, (_, i) => ({ i, t: `<b>${i}</b>` })) };
    expect(JSON.parse(serializeJsonForScript(big))).toEqual(big);
  });

  it('reads the embedded state; missing or corrupt state gives null instead of throwing', () => {
    document.body.innerHTML = '';
    expect(readBootData()).toBeNull();
    document.body.innerHTML = `<script id="${BOOT_SCRIPT_ID}" type="application/json">{broken</script>`;
    expect(readBootData()).toBeNull();
    const boot = { config: {}, company: { UniqueId: 1001 }, transferState: { 'GET /x': '<y>' } };
    document.body.innerHTML = `<script id="${BOOT_SCRIPT_ID}" type="application/json">${serializeJsonForScript(boot)}</script>`;
    expect(readBootData()).toEqual(boot);
    document.body.innerHTML = '';
  });
});
