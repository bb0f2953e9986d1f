import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, publicConfig, readConfig } from '../src/config';

describe('configuration (spec 9 defaults)', () => {
  it('defaults to the spec: lp-de, category ids, version 1.32.0, 22 upsell codes, released', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      companyAlias: 'lp-de',
      mainCategoryId: 1737374401,
      hiddenCategoryIds: [1737374404],
      appVersion: '1.32.0',
      release: true,
      routesDisabled: false,
      apiUrl: 'http://127.0.0.1:4000',
      publicApiUrl: '',
    });
    expect(config.upsellOrder).toHaveLength(22);
    expect(config.upsellOrder.every((code) => /^(FKZ|KZH)-\d{3}$/.test(code))).toBe(true);
  });

  it('reads the environment and falls back on malformed values instead of throwing', () => {
    const config = readConfig({
      LP_COMPANY_ALIAS: ' other ',
      LP_MAIN_CATEGORY_ID: 'abc',
      LP_HIDDEN_CATEGORY_IDS: '1, 2, x, -3',
      LP_RELEASE: 'off',
      LP_ROUTES_DISABLED: 'yes',
      LP_UPSELL_ORDER: 'A, B,,',
      API_URL: 'http://api.example///',
    });
    expect(config).toMatchObject({
      companyAlias: 'other',
      mainCategoryId: DEFAULT_CONFIG.mainCategoryId,
      hiddenCategoryIds: [1, 2],
      release: false,
      routesDisabled: true,
      upsellOrder: ['A', 'B'],
      apiUrl: 'http://api.example',
    });
  });

  it('keeps server-only values out of the public part', () => {
    expect(publicConfig(readConfig({ API_URL: 'http://10.0.0.5:4000' }))).not.toHaveProperty('apiUrl');
  });
});
