export interface ColourHit {
  line: number;
  text: string;
}
export declare function isColourValue(text: string, property?: string): boolean;
export declare function coloursInSource(source: string, fileName?: string): ColourHit[];
export declare function coloursInCss(source: string): ColourHit[];
export declare function coloursInWebApp(srcDir?: string): Array<ColourHit & { file: string }>;
