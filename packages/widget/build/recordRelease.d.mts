// Types of recordRelease.mjs for the release record test.
export declare function filesOf(manifest: {
  files: Record<string, { integrity: string }>;
}): Record<string, string>;
