import { type SdkCore, createCartImageUpload } from '@lp/sdk/compose';
import { serviceOf } from './serviceOf';

/**
 * `sdk.cart.addItemImage` of createSdk (the print editor's design upload), made from the shop's SDK core on first
 * use by the print editor.
 * @example const { url } = await cartImageUploadOf(sdk)(png, company.UniqueId);
 */
export const cartImageUploadOf = serviceOf((sdk: Pick<SdkCore, 'client'>) =>
  createCartImageUpload(sdk.client),
);
