/** Types of `build.js` (plain JavaScript, since it runs before anything compiles TypeScript). */
export declare const ROOT: string;
export declare const BUILD_DIR: string;
/** The current build's entry file when every input it was built from is unchanged. */
export declare function freshBundle(): string | undefined;
/** Compiles the generator into `outdir` (two folders below the root); returns esbuild's metafile. */
export declare function bundle(outdir: string): Promise<import('esbuild').Metafile>;
/** Builds the generator and makes it the current build; returns its entry file. */
export declare function build(): Promise<string>;
/** The compiled command line's module, built first when the sources changed. */
export declare function loadCli(): Promise<{ runCli(argv: readonly string[]): Promise<void> }>;
/** Writes the prebuilt items into `dir` with the prebuild module of the bundle in `bundleDir`. */
export declare function writePrebuiltInto(dir: string, bundleDir: string): Promise<void>;
