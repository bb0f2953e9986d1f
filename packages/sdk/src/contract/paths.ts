// Split per area so a bundle that imports one area (the cart-only entry) carries only its paths.
export const cartPaths = {
  get: '/api/Cart/getCart',
  addItem: '/api/Cart/addCartItem',
  removeItem: '/api/Cart/removeCartItem',
  updateItem: '/api/Cart/updateCartItem',
  addShippingAddress: '/api/Cart/addShippingAddress',
  addBillingAddress: '/api/Cart/addBillingAddress',
  startCheckout: '/api/Cart/startCheckout',
  stopCheckout: '/api/Cart/stopCheckout',
  attachToUser: '/api/Cart/attachCartToUser',
  /** Issue 13: the coupon belongs to the cart (answers the cart). */
  applyCoupon: '/api/Cart/applyCoupon',
  removeCoupon: '/api/Cart/removeCoupon',
} as const;

/**
 * The storefront's handoff of a dealer's cart (`/cart?cartGuid=`): copies the named cart's lines into a new cart of
 * the shopper's own and answers it. Apart from `cartPaths`, which the cart-only entry bundles: only the storefront
 * calls it.
 */
export const cartCopyPath = '/api/Cart/copyCart';

/** The editor's design upload (`sdk.cart.addItemImage`); apart from `cartPaths`, as the cart-only entry never uploads. */
export const cartImagePath = '/api/Cart/addCartItemImage';

export const couponPaths = {
  validate: '/api/Coupon/validate',
  apply: '/api/Order/coupon',
  remove: (headerGuid: string) => `/api/Order/${encodeURIComponent(headerGuid)}/coupon`,
} as const;

export const orderPaths = {
  save: '/api/Order/saveOrder',
  confirm: '/api/Order/confirmOrder',
  list: '/api/Order/getOrders',
  companyOrders: '/api/Order/getCustomerCompanyOrders',
  get: '/api/Order/getOrder',
  paymentTypes: (companyId: number) => `/api/Order/paymentTypes/${companyId}`,
  createPayment: '/api/Order/createOrderPayment',
  designs: (orderNumber: string) => `/api/Order/${encodeURIComponent(orderNumber)}/designs`,
} as const;

/**
 * Issue 3: the print-ready SVG of one plate line of a confirmed or paid order (`paths.order.printFile`). Not in
 * `orderPaths`, which the order service bundles: no SDK call fetches it (the print shop's tools do).
 */
const printFilePath = (orderNumber: string, itemInternalId: string) =>
  `/api/Order/${encodeURIComponent(orderNumber)}/print/${encodeURIComponent(itemInternalId)}`;

/**
 * Session 19: the XRechnung (EN 16931, CII) of a paid order whose billing address names a company, as an XML
 * download; with `creditNoteNumber` (`Order.refunds[].number`) that Rechnungskorrektur's credit note. Not in
 * `orderPaths` or `paths`, so the SDK bundles stay as they are: the mail and the pages link to it.
 */
export const orderEInvoicePath = (orderNumber: string, creditNoteNumber?: string) =>
  `/api/Order/${encodeURIComponent(orderNumber)}/xrechnung${creditNoteNumber ? `/${encodeURIComponent(creditNoteNumber)}` : ''}`;

/** Issue 6: the shopper's account (session cookie login). Not part of `paths`, so the main entry stays small. */
export const accountPaths = {
  login: '/api/Account/login',
  logout: '/api/Account/logout',
  me: '/api/Account/me',
  /** Issue 13: registration and the email confirmation that joins earlier guest orders to the account. */
  register: '/api/Account/register',
  confirmEmail: '/api/Account/confirmEmail',
  /** Issue 13: a new confirmation link for an address whose mail was lost. */
  resendConfirmation: '/api/Account/resendConfirmation',
  /** Session 16: a forgotten password: the reset mail, then the new password with the mail's token. */
  requestPasswordReset: '/api/Account/requestPasswordReset',
  resetPassword: '/api/Account/resetPassword',
} as const;

/**
 * Session 20: what the checkout fills in for the logged-in customer (their e-mail and their recent addresses from
 * their own placed orders; `RecentAddresses`). Apart from `accountPaths`: only the checkout's lazily loaded part
 * reads it.
 */
export const recentAddressesPath = '/api/Account/recentAddresses';

/** Issue 5 (spec 8): client error reports. Not part of `paths`, so the main entry stays small. */
export const clientErrorPaths = {
  report: '/api/ClientErrors',
} as const;

/**
 * Session 16, § 356a BGB: the electronic withdrawal ("Vertrag widerrufen"). Not part of `paths` (nor of
 * `orderPaths`, which the order service bundles), so the main and cart entries stay small; the storefront calls it.
 */
export const withdrawalPaths = {
  withdraw: '/api/Order/withdraw',
} as const;

/** Issue 12: the origin check, on its own so the cart-only bundle carries just this path. */
export const EMBED_ORIGIN_PATH = '/api/embed/origin';

/**
 * Issue 12: dealers. `embedOrigin` answers every origin whether the API allows it (the client asks it after a
 * network failure); `orders` lists a dealer's attributed orders and `statement` its commission statement for a month
 * (dealer key). Not part of `paths`.
 */
export const dealerPaths = {
  embedOrigin: EMBED_ORIGIN_PATH,
  orders: '/api/dealer/orders',
  statement: '/api/dealer/statement',
} as const;

export const businessPaths = {
  menu: '/api/v1/business/getCategoresWithProductsSimple',
  products: '/api/v1/business/getproducts',
  productByAlias: '/api/v1/business/get-product-by-alias',
  companies: '/api/v1/business/getlist',
  company: '/api/v1/business/get',
  categoryTree: '/api/v1/business/getCategoriesTree',
  discounts: '/api/v1/business/get-discounts',
} as const;

/**
 * Session 18: the shop's product search (one page of the shown products holding every word of `q`). Apart from
 * {@link businessPaths}, which the SDK bundles carry: no SDK service asks it; the storefront asks it through the
 * client's generic request.
 */
export const productSearchPath = '/api/v1/business/search-products';

export const contentPaths = {
  articles: '/api/v1/get-list',
  page: '/api/v1/page',
} as const;

export const shippingPaths = {
  activeMethods: '/api/fellowtimeshipping/api/Shipping/getActiveShippingMethods',
  countries: '/api/fellowtimeshipping/api/Shipping/getAvailableCountries',
  rates: '/api/fellowtimeshipping/api/Shipping/getShippingRates',
} as const;

/**
 * Every HTTP path of spec section 7, written exactly as the spec writes them (including the spec's
 * `getCategoresWithProductsSimple`). The API routes case-insensitively; clients use these constants.
 */
export const paths = {
  // Pure, as `order` below: the upload's path joins the cart's only where `paths` itself is read.
  cart: /* @__PURE__ */ Object.assign({}, cartPaths, { addItemImage: cartImagePath }),
  coupon: couponPaths,
  // Pure: bundles that never read `paths` drop it (a spread alone could run getters, so it would stay).
  order: /* @__PURE__ */ Object.assign({}, orderPaths, { printFile: printFilePath }),
  business: businessPaths,
  content: contentPaths,
  shipping: shippingPaths,
} as const;

/** Header names of the HTTP contract (DESIGN 2). */
export const headers = {
  cartGuid: 'CartGuid',
  xsrf: 'X-XSRF-TOKEN',
} as const;

/**
 * The cart add's repeat guard (the IETF httpapi draft's header): a key the cart saw within 24 hours adds nothing
 * again. Apart from {@link headers}, which the SDK bundles carry; the SDK's client and cart service write it out.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const XSRF_COOKIE = 'XSRF-TOKEN';

/** spec 7: the CartGuid header goes on every request whose URL contains one of these, case-insensitively. */
export const CART_GUID_URL_MARKERS = ['/api/cart/', '/api/order/saveorder'] as const;

/** Issue 6: the httpOnly session cookie set by `POST /api/Account/login` (the browser never reads it). */
export const SESSION_COOKIE = 'lp_session';
