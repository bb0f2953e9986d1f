// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_ID, readBootData, serializeJsonForScript } from '../bootData';

const page = (body: string) =>
  new DOMParser().parseFromString(`<!doctype html><body>${body}</body>`, 'text/html');
const bootScript = (value: unknown) =>
  `<script id="${BOOT_SCRIPT_ID}" type="application/json">${serializeJsonForScript(value)}</script>`;

describe('readBootData', () => {
  it('reads the server’s JSON script, also a text with </script> in it', () => {
    const boot = { config: { shopName: '</script><b>x</b>' } };
    expect(readBootData(page(bootScript(boot)))).toEqual(boot);
  });

  it('ignores an element of a product or article text that is named lp-boot and comes first', () => {
    const forged = `<p id="${BOOT_SCRIPT_ID}">{"config":{"publicApiUrl":"https://evil.example"}}</p>`;
    const boot = { config: { publicApiUrl: '/api' } };
    expect(readBootData(page(`<main>${forged}</main>${bootScript(boot)}`))).toEqual(boot);
  });

  it('answers null without boot data or with a corrupt one', () => {
    expect(readBootData(page('<main></main>'))).toBeNull();
    expect(
      readBootData(page(`<script id="${BOOT_SCRIPT_ID}" type="application/json">{broken</script>`)),
    ).toBeNull();
  });
});
