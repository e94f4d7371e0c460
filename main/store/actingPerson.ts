/**
 * Who an audit entry is by: the person whose call it was recorded in. The dispatcher runs each call in its
 * person's context (AsyncLocalStorage), and the context follows the call's work wherever it goes on: a batch
 * run in the background stays the work of the person who started it, after the desk locked or another person
 * signed in. Work begun by no call (a reconciliation at start or at a reconnection) is nobody's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Role } from '../domain/roles.js';

/** A person as the audit names them: their login and their role then. */
export interface AuditPerson {
  readonly login: string;
  readonly role: Role;
}

const calls = new AsyncLocalStorage<AuditPerson | undefined>();

/** The person whose call this is; none outside any call, or in one made while nobody was signed in. */
export const actingPerson = (): AuditPerson | undefined => calls.getStore();

/** Runs a call as the person's (none: nobody signed in), for every entry its work records. */
export const asPerson = <T>(person: AuditPerson | undefined, run: () => T): T => calls.run(person, run);
