import { Type } from '@sinclair/typebox';

/**
 * Issue 12: a dealer's id, a short lower-case slug (`autohaus-meyer`). Exact: no trimming, no case folding, so the
 * id a dealer pastes into `data-dealer` is the one the operator registered. Its own module: the cart schemas use it
 * and the dealer schemas use the order schemas, which use the cart schemas.
 */
export const DealerIdSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
});
