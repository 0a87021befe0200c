// Types for eslint/layers.mjs (read by test/lint/layers.test.ts).
export declare const LAYERS: { name: string; paths: string[]; mayImport: string[] }[];
export declare function layerOf(file: string, root: string): number | null;
export declare function mayImport(from: number, to: number): boolean;
export declare const layersRule: unknown;
export declare const localPlugin: { rules: Record<string, unknown> };
