// Types of releasePack.mjs for the TypeScript tests that import it.
export declare const RELEASE_DIR: string;
export declare const RELEASE_SET: { name: string; dir: string }[];

export interface ReleaseManifestEntry {
  name: string;
  version: string;
  /** Tarball file name inside RELEASE_DIR. */
  file: string;
  bytes: number;
  files: number;
}

export declare function checkTarball(
  files: string[],
  manifest: Record<string, unknown>,
  versions: Map<string, string>,
): string[];

export declare function releasePack(options?: { build?: boolean; log?: (line: string) => void }): {
  manifest: ReleaseManifestEntry[];
  problems: string[];
};
