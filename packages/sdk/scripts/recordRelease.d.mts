// Types of recordRelease.mjs for the release record test.
export declare const HOSTED_DIR: string;
/** The sha384 integrity of every file of the hosted build, by file name. */
export declare function hostedFiles(): Record<string, string>;
