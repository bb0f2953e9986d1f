import { type SdkCore, createContentService } from '@lp/sdk/compose';
import { serviceOf } from './serviceOf';

/**
 * `sdk.content` of createSdk (articles: information pages, blog, the footer's list), made from the shop's SDK core
 * on first use by the route loaders.
 * @example const page = await contentOf(sdk).page('impressum', 1001);
 */
export const contentOf = serviceOf((sdk: Pick<SdkCore, 'client'>) => createContentService(sdk.client));
