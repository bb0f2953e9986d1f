// Types of scripts/ensureNginx.mjs for the TypeScript tests (e2e/cluster).

/** The nginx binary's path, or null when it is not installed. */
export function findNginx(): string | null;
/** Installs Debian's nginx package when missing (root or password-less sudo); the binary's path, or null. */
export function ensureNginx(): string | null;
