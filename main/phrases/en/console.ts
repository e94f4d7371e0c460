/** The embedded sandbox's developer console (main/services/sandboxConsole.ts). */
export const console = {
  otherEnvironment:
    'The developer console shows the built-in sandbox, and the app is working in {{environment}} now; switch to the sandbox in Settings to open it.',
} as const;
