// The types of scripts/runnable.mjs (plain JavaScript, so that the test runner can import it).
export function runnable(path: string): boolean;
