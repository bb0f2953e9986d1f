// Types of editorPhotoChunk.mjs for tsup.config.ts.
import type { Plugin } from 'esbuild';
export declare const PHOTO_CHUNK_FILE: string;
export declare function editorPhotoChunkPlugin(): Plugin;
