export declare const PUBLISHED: string[];
export declare function publishManifest(manifest: Record<string, unknown>): Record<string, unknown>;
export declare function pack(name: string, outDir: string): { name: string; file: string; size: number; unpackedSize: number; entryCount: number };
