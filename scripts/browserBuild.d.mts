import type { BuildOptions } from 'esbuild';

/** esbuild options for a browser bundle of the package's sources (see browserBuild.mjs). */
export declare const browserOptions: BuildOptions;
