import { APP_VERSION, COMPANY_ALIAS, HIDDEN_CATEGORY_ID, MAIN_CATEGORY_ID } from '@lp/sdk/contract';

/**
 * Everything the storefront can be configured with, in one typed module (issue 5). The server reads it from the
 * environment once; the public part travels to the browser inside the page (see `bootData.ts`), so the browser
 * bundle holds no environment values of its own.
 */
export interface StorefrontConfig {
  /** spec 9: the shop's company alias. */
  companyAlias: string;
  /** spec 9: the main category ('Kennzeichen' menu, footer products). */
  mainCategoryId: number;
  /** spec 4/9: categories removed from the tree. */
  hiddenCategoryIds: number[];
  /** spec 9: shown in the footer. */
  appVersion: string;
  /** spec 4/9: product codes listed first in the upsell list, in this order. */
  upsellOrder: string[];
  /** spec 2: release flag; off sends every route to /404 (the rule: routes/routeGuard.ts). */
  release: boolean;
  /** spec 2: routes temporarily disabled; the guard (routes/routeGuard.ts) shows 'Bitte warten!'. */
  routesDisabled: boolean;
  /** spec 9: captcha key placeholder ({key}). */
  captchaKey: string;
  /** spec 9: wallet-payment client and merchant ids (placeholders). */
  walletClientId: string;
  walletMerchantId: string;
  /** API origin the browser calls; '' means the storefront's own origin (its /api proxy). */
  publicApiUrl: string;
  /** API origin the server calls. */
  apiUrl: string;
  /** Canonical origin of the shop for canonical links and the sitemap; '' means the request's origin. */
  siteUrl: string;
  /** Hotline shown in header and footer (spec 1: Mo-Fr 10-16). */
  phone: string;
}

/** The part of the configuration the browser receives (no server-only values). */
export type PublicConfig = Omit<StorefrontConfig, 'apiUrl'>;

/**
 * spec 9: 22 product codes with prefixes FKZ and KZH put first in the upsell list. The spec does not list the
 * values; these are the demo catalogue's (packages/api seed `upsellOrder`); override with LP_UPSELL_ORDER.
 */
export const DEFAULT_UPSELL_ORDER: readonly string[] = (
  'FKZ-001 KZH-001 KZH-042 KZH-009 KZH-005 KZH-029 KZH-030 FKZ-002 FKZ-004 KZH-013 KZH-015 ' +
  'KZH-044 FKZ-005 FKZ-007 KZH-017 KZH-023 KZH-043 FKZ-003 FKZ-009 KZH-025 KZH-045 FKZ-012'
).split(' ');

export const DEFAULT_CONFIG: StorefrontConfig = {
  companyAlias: COMPANY_ALIAS,
  mainCategoryId: MAIN_CATEGORY_ID,
  hiddenCategoryIds: [HIDDEN_CATEGORY_ID],
  appVersion: APP_VERSION,
  upsellOrder: [...DEFAULT_UPSELL_ORDER],
  release: true,
  routesDisabled: false,
  captchaKey: '{key}',
  walletClientId: '{key}',
  walletMerchantId: '{key}',
  publicApiUrl: '',
  apiUrl: 'http://127.0.0.1:4000',
  siteUrl: '',
  phone: '+49 3023125000',
};

type Env = Record<string, string | undefined>;

const list = (value: string | undefined): string[] | undefined =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !/^(0|false|no|off)$/i.test(value.trim());
}

function ids(value: string | undefined, fallback: number[]): number[] {
  const parts = list(value);
  if (!parts) return fallback;
  return parts.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}

function number(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

/**
 * Reads the configuration from environment variables (`LP_*`, plus `API_URL`), falling back to the spec's
 * defaults for anything missing or malformed; never throws.
 *
 * @example
 * const config = readConfig(process.env); // config.companyAlias === 'lp-de'
 */
export function readConfig(env: Env = {}, overrides: Partial<StorefrontConfig> = {}): StorefrontConfig {
  const d = DEFAULT_CONFIG;
  const config: StorefrontConfig = {
    companyAlias: env.LP_COMPANY_ALIAS?.trim() || d.companyAlias,
    mainCategoryId: number(env.LP_MAIN_CATEGORY_ID, d.mainCategoryId),
    hiddenCategoryIds: ids(env.LP_HIDDEN_CATEGORY_IDS, d.hiddenCategoryIds),
    appVersion: env.LP_APP_VERSION?.trim() || d.appVersion,
    upsellOrder: list(env.LP_UPSELL_ORDER) ?? d.upsellOrder,
    release: flag(env.LP_RELEASE, d.release),
    routesDisabled: flag(env.LP_ROUTES_DISABLED, d.routesDisabled),
    captchaKey: env.LP_CAPTCHA_KEY || d.captchaKey,
    walletClientId: env.LP_WALLET_CLIENT_ID || d.walletClientId,
    walletMerchantId: env.LP_WALLET_MERCHANT_ID || d.walletMerchantId,
    publicApiUrl: (env.LP_PUBLIC_API_URL ?? d.publicApiUrl).replace(/\/+$/, ''),
    apiUrl: (env.API_URL || d.apiUrl).replace(/\/+$/, ''),
    siteUrl: (env.LP_SITE_URL ?? d.siteUrl).replace(/\/+$/, ''),
    phone: env.LP_PHONE || d.phone,
  };
  return { ...config, ...overrides };
}

/** Strips server-only values before the configuration goes into the page. */
export function publicConfig(config: StorefrontConfig): PublicConfig {
  const { apiUrl: _server, ...rest } = config;
  return rest;
}
