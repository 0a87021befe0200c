// Types for eslint/layers.mjs (read by test/lint/layers.test.ts).
export declare const LAYERS: { name: string; paths: string[] }[];
export declare function layerOf(file: string, root: string): number | null;
export declare const layersRule: unknown;
export declare const localPlugin: { rules: Record<string, unknown> };
