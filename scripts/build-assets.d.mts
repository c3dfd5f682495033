/** Types of scripts/build-assets.mjs for the TypeScript tests that build the console. */
export function buildConsole(outdir?: string): Promise<string[]>;
