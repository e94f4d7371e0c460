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

/** The person whose call it is, as the work it does names them: an approval request says who asked by the id. */
export interface ActingPerson extends AuditPerson {
  readonly id: string;
  readonly displayName: string;
}

const calls = new AsyncLocalStorage<ActingPerson | undefined>();

/** The person whose call this is; none outside any call, or in one made while nobody was signed in. */
export const actingPerson = (): ActingPerson | undefined => calls.getStore();

/** Runs a call as the person's (none: nobody signed in), for every entry its work records. */
export const asPerson = <T>(person: ActingPerson | undefined, run: () => T): T => calls.run(person, run);
