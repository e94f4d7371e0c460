/**
 * Opening the embedded sandbox's developer console from the app: a one-time address (a ticket the sandbox
 * accepts once, within a minute), never the sandbox's control token, which would stay valid for the whole
 * launch in whatever window or history it reached. Only while the app works in the sandbox: the console
 * shows and steers the built-in simulator, and offering it while the app works against a real gateway
 * would suggest that what it shows is that gateway's traffic. Every opening is audited, a refusal too.
 */
import { environmentPhrase } from '../gateway/environments.js';
import { phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import type { Sandbox } from '../sandbox/index.js';
import type { AuditRepository } from '../store/audit.js';
import type { EnvironmentName } from './settings.js';

/** The app works in another environment than the sandbox: the phrase says which, and what to do. */
export class SandboxConsoleRefused extends SaidError {
  override name = 'SandboxConsoleRefused';
  constructor(readonly environment: Exclude<EnvironmentName, 'sandbox'>) {
    super(phrase('console.otherEnvironment', { environment: environmentPhrase(environment) }));
  }
}

export interface SandboxConsoleDeps {
  /** The environment the app works in now. */
  readonly environment: EnvironmentName;
  readonly sandbox: Pick<Sandbox, 'consoleUrl' | 'url'>;
  readonly audit: AuditRepository;
  readonly osUser: string;
  readonly now?: () => number;
}

/** The console's one-time address, audited; a SandboxConsoleRefused outside the sandbox (audited too). */
export function openSandboxConsole(d: SandboxConsoleDeps): string {
  const entry = {
    at: (d.now ?? Date.now)(),
    osUser: d.osUser,
    environment: d.environment,
    action: 'sandbox.console.open',
    objectType: 'sandbox',
    objectId: d.sandbox.url,
  } as const;
  if (d.environment !== 'sandbox') {
    const refusal = new SandboxConsoleRefused(d.environment);
    const reason = `the app is working in ${d.environment}`;
    d.audit.record({ ...entry, facts: { reason }, outcome: 'refused', detail: reason });
    throw refusal;
  }
  const url = d.sandbox.consoleUrl();
  // The address carries the ticket: it is handed to the window that opens it and written nowhere.
  d.audit.record({ ...entry, facts: {}, outcome: 'success', detail: 'one-time link to the developer console' });
  return url;
}
