// Types of releaseRecord.mjs for the TypeScript tests that import it.
export declare function nextVersion(current: string, wanted?: string): string;
export declare function integrityOf(bytes: Uint8Array | string): string;
export declare function integritiesIn(dir: string, files: string[]): Record<string, string>;
export declare function changedFiles(
  built: Record<string, string>,
  recorded: Record<string, string>,
): string[];
export declare function recordRelease(options: {
  root: string;
  record: string;
  mentions: (current: string, next: string) => [path: string, from: string, to: string][];
  files: () => Record<string, string>;
  wanted?: string;
  done: (current: string, next: string) => string;
}): void;
export declare function wantedFromArgv(argv?: string[]): string;
