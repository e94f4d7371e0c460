// The types of scripts/postgresBinaries.mjs (plain JavaScript, so that the test runner can import it).
export function findPostgres(
  env?: NodeJS.ProcessEnv,
): { bin: string; version: number; runAs?: { uid: number; gid: number } } | { reason: string };
export function postgresSkipReason(env?: NodeJS.ProcessEnv): string | undefined;
