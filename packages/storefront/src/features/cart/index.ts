// The cart pieces the cart, checkout and order pages share. One module for all of them, so the bundler keeps them
// in one shared chunk instead of several tiny ones (DESIGN 7: fewer requests, better gzip).
export { LineDetails } from './LineDetails';
export { cartTrackItem, orderTrackItems, purchasePayload } from './cartTracking';
export { couponStorage, normaliseCouponCode } from './couponStorage';
export { cartLineConfig, lineConfig, orderLineConfig } from './lineConfig';
export type { LineConfig, LineDetail } from './lineConfig';
export { useCartPhase, useCartReady } from './useCartReady';
export { trackOnce } from '../checkout/trackOnce';
