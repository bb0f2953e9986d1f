// Types of scripts/freePort.mjs for the TypeScript tests.

/** Resolves with a port on 127.0.0.1 nothing listened on a moment ago. */
export function freePort(): Promise<number>;
