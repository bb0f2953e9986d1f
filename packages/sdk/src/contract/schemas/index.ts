/**
 * The HTTP contract as TypeBox schemas (JSON Schema values). The API validates requests and serialises answers
 * with them; the contract's TypeScript types (`@lp/sdk/contract`) are inferred from them, so both sides read one
 * definition. This entry is for servers and tests: browser code imports the types only, never these values.
 */
export * from './accountSchemas';
export * from './cartSchemas';
export * from './catalogueSchemas';
export * from './dealerSchemas';
export * from './errorSchemas';
export * from './orderSchemas';
export * from './primitives';
export * from './recentAddressesSchema';
export * from './shippingSchemas';
export * from './withdrawalSchemas';
