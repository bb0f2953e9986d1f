// The tracker's timings, in a module of their own without imports: esbuild writes the values of such a module's
// constants into the code that uses them (one with imports keeps them as variables), 20 B less in the main entry
// (decisions.md, "SDK bytes (session 22, sdkbytes)").

/** spec 4: released about 200 ms after consent; pending events expire after 60 s. */
export const CONSENT_RELEASE_MS = 200;
export const PENDING_EXPIRY_MS = 60_000;
/** spec 8: a missing data layer is retried once after 1 s. */
export const DATA_LAYER_RETRY_MS = 1000;
/** The most events held while consent is missing. */
export const MAX_PENDING = 100;
