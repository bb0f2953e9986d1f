// Only the expression `process.env.NODE_ENV` is read: bundlers replace it ('production' removes the checks);
// where nothing defines `process` (a plain browser module), the checks stay on.
declare const process: { env: { NODE_ENV?: string } };

/** True unless the build says production. */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}
