export declare const I18N_CONVERTED_FOLDERS: string[];
export interface LiteralHit {
  line: number;
  text: string;
  why: string;
}
export declare function literalsIn(source: string, fileName?: string): LiteralHit[];
export declare function literalsInFolders(
  srcDir?: string,
  folders?: string[],
): Array<LiteralHit & { file: string }>;
export declare function missingMessages(
  configPath?: string,
): Promise<Array<{ locale: string; id: string; message: string }>>;
