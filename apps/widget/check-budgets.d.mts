export declare const LOADER_BUDGET_BYTES: number;
export declare const APP_BUDGET_BYTES: number;
export declare function measureWidget(distDir: string): {
  loaderBytes: number;
  appBytes: number;
  appFiles: string[];
  largestCatalogBytes: number;
} | null;
