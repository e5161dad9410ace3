export declare const COMPRESSIBLE_EXTENSIONS: Set<string>;
export declare const ENCODED_EXTENSIONS: { br: string; gzip: string };
export declare function precompress(
  dir: string,
  options?: { skip?: string[] },
): Array<{ file: string; identity: number; br?: number; gzip?: number }>;
