import type { Attributes } from '@lp/sdk/contract';
import type { AddedLine, CartItemRow, CartRow, NewLine } from './cartRepo';

type CartTuple = [id: number, guid: string, companyId: number | null, userId: number | null];

/** The answer of `lp_add_cart_lines` (migration 008), parsed; the tuples are documented there. */
export interface BatchAnswer {
  carts: CartTuple[];
  lines: [
    cartId: number,
    id: number,
    internalId: string,
    productUniqueId: string,
    priceCents: number,
    description: string,
    quantity: number,
    alias: string,
    title: string,
    attributes: Attributes,
    attributesKey: string,
  ][];
  created: [ord: number, ...cart: CartTuple][];
  inserted: [
    cartId: number,
    productUniqueId: string,
    attributesKey: string,
    id: number,
    internalId: string,
    attributes: Attributes,
  ][];
}

interface CartState {
  cart: CartRow;
  lines: CartItemRow[];
}

function cartState([id, guid, companyId, userId]: CartTuple): CartState {
  const cart = {
    id,
    guid,
    company_id: companyId,
    user_id: userId,
    in_checkout: false,
    shipping_address: null,
    billing_address: null,
  };
  return { cart, lines: [] };
}

const lineKey = (cartId: number, productUniqueId: string, attributesKey: string) =>
  `${cartId}\u0000${productUniqueId}\u0000${attributesKey}`;

/**
 * Every add's answer from one batch (DESIGN 7 group commit): replays the adds in request order on the state the
 * database had before the batch, applying the rules the function applied when it wrote them (merge by product
 * and attribute key, last price wins, new lines appended, an unknown cart created per add). So each request sees
 * its cart right after its own add, as if the adds had run one by one, without the database answering one cart
 * per add. The result has one entry per line, in the order of `lines` (the batch's `ord`).
 */
export function replayBatch(lines: readonly NewLine[], answer: BatchAnswer): AddedLine[] {
  const byGuid = new Map<string, CartState>();
  const byId = new Map<number, CartState>();
  for (const tuple of answer.carts) {
    const state = cartState(tuple);
    byGuid.set(state.cart.guid, state);
    byId.set(state.cart.id, state);
  }
  for (const [
    cartId,
    id,
    internalId,
    product,
    price,
    description,
    quantity,
    alias,
    title,
    attributes,
    key,
  ] of answer.lines) {
    byId.get(cartId)?.lines.push({
      id,
      internal_id: internalId,
      product_unique_id: product,
      price_cents: price,
      description,
      quantity,
      alias,
      title,
      attributes,
      attributes_key: key,
    });
  }
  const created = new Map(answer.created.map(([ord, ...tuple]) => [ord, cartState(tuple)]));
  const inserted = new Map(answer.inserted.map((row) => [lineKey(row[0], row[1], row[2]), row]));

  return lines.map((line, ord) => {
    const state =
      (line.guid === undefined ? undefined : byGuid.get(line.guid.toLowerCase())) ?? created.get(ord);
    if (!state) throw new Error('lp_add_cart_lines answered no cart for an add.');
    const same = state.lines.find(
      (i) => i.product_unique_id === line.productUniqueId && i.attributes_key === line.attributesKey,
    );
    if (same) {
      same.quantity += line.quantity;
      same.price_cents = line.priceCents;
    } else {
      const stored = inserted.get(lineKey(state.cart.id, line.productUniqueId, line.attributesKey));
      if (!stored) throw new Error('lp_add_cart_lines answered no new line for an add.');
      state.lines.push({
        id: stored[3],
        internal_id: stored[4],
        product_unique_id: line.productUniqueId,
        price_cents: line.priceCents,
        description: line.title,
        quantity: line.quantity,
        alias: line.alias,
        title: line.title,
        attributes: stored[5],
        attributes_key: line.attributesKey,
      });
    }
    // Copies: later adds of the batch change the cart's lines; this answer must not change with them.
    return { cart: { ...state.cart }, items: state.lines.map((i) => ({ ...i })) };
  });
}
