/**
 * What the audit log records of each action: its facts, the raw values the entry's words are built from
 * (main/services/auditWords.ts), typed per action. One schema per action: recording an action passes facts
 * of its type, reading one parses them back with the same schema, and the words switch over the actions
 * exhaustively, so an action cannot be recorded without facts its words can read, nor worded without being
 * known here. The entry's `detail` is the log's own English line for the export; nothing reads it back.
 */
import { z } from 'zod';
import { ROLES } from '../domain/roles.js';
import { APPROVAL_ACTIONS } from '../domain/approvals.js';

const text = z.string().min(1);
const count = z.number().int().min(0);
/** Why it did not happen or failed, in the log's stable English (a phrase's English, the gateway's words). */
const reason = text.optional();

const chargeFacts = z.union([
  // Journalled and sent: the charge's state as the journal settled it.
  z.object({
    state: text,
    amount: z.number().int().safe(),
    /** ISO 4217 numeric code. */
    currency: text,
    bindingId: text,
    maskedPan: text.optional(),
    orderNumber: text.optional(),
    orderId: text.optional(),
    reason,
  }),
  // Refused before anything was journalled; the entry's object is the stored card.
  z.object({ reason }),
]);

const operationFacts = z.union([
  // Sent: the state the operation settled in; no amount for a whole reversal, 0 for "all of it".
  z.object({ state: text, amount: z.number().int().min(0).safe().optional(), reason, operatorReason: text.optional() }),
  // Not sent, and why.
  z.object({ reason }),
]);

/** A signing key by its SHA-256 fingerprint (AA:BB:…, 32 bytes), when the key was read. */
const keyFacts = z.object({ fingerprint: text.optional(), reason });
const credentialFacts = z.object({ credential: z.enum(['password', 'token']).optional(), reason });
const bindingFacts = z.object({ reason });

export const AUDIT_FACTS = {
  charge: chargeFacts,
  deposit: operationFacts,
  reverse: operationFacts,
  refund: operationFacts,
  'signingKey.generate': keyFacts,
  'signingKey.import': keyFacts,
  'signingKey.export': keyFacts,
  'signingKey.activate': keyFacts,
  'signingKey.retire': keyFacts,
  'signingKey.testSign': keyFacts,
  /** The keys of the settings changed, as the settings name them. */
  'settings.change': z.object({ changed: z.array(text) }),
  /** Switched from an environment, or refused the switch to one. */
  'environment.switch': z.object({ from: text.optional(), to: text.optional(), reason }),
  'connection.change': z.object({ changed: z.array(text) }),
  /**
   * This desk pointed at a team database (by name, host:port/database, with its user and TLS mode), or back at
   * its own file (no database); what became of the password in the keychain; never the password.
   */
  'teamDatabase.change': z.object({
    database: text.optional(),
    user: text.optional(),
    tls: text.optional(),
    password: z.enum(['stored', 'removed']).optional(),
    reason,
  }),
  /** This desk's records copied to the team database: how many of each, and the rows the team's journal could not take. */
  'teamDatabase.moveRecords': z.object({
    database: text,
    charges: z.number().int().nonnegative(),
    operations: z.number().int().nonnegative(),
    auditEntries: z.number().int().nonnegative(),
    kept: z.number().int().nonnegative(),
    reason,
  }),
  'credential.set': credentialFacts,
  'credential.clear': credentialFacts,
  'sandbox.console.open': z.object({ reason }),
  /** A channel refused to the role of the person signed in, or while nobody was (the entry's object is the channel). */
  access: z.object({ role: text.optional() }),
  'role.change': z.object({ from: text.optional(), to: text.optional(), reason }),
  'role.passphrase': z.object({ passphrase: z.enum(['set', 'changed']).optional(), reason }),
  /**
   * An earlier version's role profile given up by whoever owns the data folder (the maintenance command), because
   * it could not be adopted: its keychain entry missing or damaged, or the keychain unreadable.
   */
  'role.abandon': z.object({ why: z.enum(['missing', 'damaged', 'unreadable']) }),
  /** A sign-in as the entry's object (the login as typed, normalised), and why it was refused or failed. */
  'operator.signIn': z.object({ reason }),
  /** An account added (the entry's object is its login) with its role, by whom (a login, or none for the first). */
  'operator.add': z.object({ role: z.enum(ROLES), by: text.optional(), reason }),
  /** An account changed: what changed in words ("role finance → support", "disabled"), by whom. */
  'operator.change': z.object({ change: text.optional(), by: text, reason }),
  /** A password set: by its own person, or by an administrator (by), never the password. */
  'operator.password': z.object({ by: text, reason }),
  /** A session at this desk signed out, locked when idle, ended (the person disabled), or replaced by another person's. */
  'operator.session': z.object({ event: z.enum(['signedOut', 'locked', 'ended', 'endedByAdministrator', 'replaced']) }),
  /** An administrator ended a person's sessions at every desk (the entry's object is the person's login). */
  'operator.endSessions': z.object({ by: text, reason }),
  /**
   * Two-factor sign-in (the entry's object is the person's login): enrolled, removed (by its person or an
   * administrator: by), a TOTP code or a recovery code used at a sign-in, the team key read out or entered at a
   * desk. Never a secret, a code or the key.
   */
  'operator.twoFactor': z.object({
    event: z.enum(['enrolled', 'removed', 'code', 'recoveryCode', 'teamKeyShown', 'teamKeyEntered']),
    by: text.optional(),
    reason,
  }),
  'binding.disable': bindingFacts,
  'binding.enable': bindingFacts,
  /** The new expiry, YYYYMM. */
  'binding.extend': z.object({
    until: z
      .string()
      .regex(/^\d{6}$/)
      .optional(),
    reason,
  }),
  /** The maximum's change in words ("EUR 100.00 → none (confirmed)"), or why it was refused. */
  'chargeMaximum.change': z.object({ change: text.optional(), reason }),
  /**
   * A step of a four-eyes approval request (the entry's object is the request's id): asked, approved, withdrawn
   * or declined, or refused (an approval or an ending that did not happen, and why). `subject` is the order
   * (a refund) or the stored card (a charge); `requester` the login of who asked.
   */
  approval: z.object({
    step: z.enum(['asked', 'approved', 'withdrawn', 'declined', 'notApproved', 'notEnded']),
    action: z.enum(APPROVAL_ACTIONS).optional(),
    amount: z.number().int().safe().optional(),
    currency: text.optional(),
    subject: text.optional(),
    requester: text.optional(),
    reason,
  }),
  /** An approval threshold's change in words ("refund in RUB: 1,000.00 → none"), or why it was refused. */
  'approvalThreshold.change': z.object({ change: text.optional(), reason }),
  /** The accepted currencies' change in words. */
  'currencies.change': z.object({ change: text }),
  /** The counts of each class of the comparison; the reason when the sync before it did not finish. */
  'reconciliation.run': z.object({ matched: count, disagrees: count, notInJournal: count, open: count, sync: text.optional(), reason }),
} as const satisfies Record<string, z.ZodType<object>>;

export type AuditAction = keyof typeof AUDIT_FACTS;
export type AuditFactsOf<A extends AuditAction> = z.infer<(typeof AUDIT_FACTS)[A]>;

/** An action with its facts: what a caller records and what the words switch over. */
export type AuditEvent = { [A in AuditAction]: { readonly action: A; readonly facts: AuditFactsOf<A> } }[AuditAction];

/**
 * `{ reason }` when there is one, else nothing: a reason is a non-empty text, so an empty one (an error
 * without a message) is left out rather than making the facts unreadable.
 */
export const reasonFact = (reason: string | undefined): { reason?: string } => (reason ? { reason } : {});

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_FACTS, action);

/**
 * The entry's event, its facts read by its action's schema; undefined for an action this version does not
 * know (a newer one wrote it) or facts that do not fit (an entry that kept only its detail).
 */
export function auditEventOf(action: string, facts: unknown): AuditEvent | undefined {
  if (!isAuditAction(action) || facts === undefined) return undefined;
  const parsed = AUDIT_FACTS[action].safeParse(facts);
  return parsed.success ? ({ action, facts: parsed.data } as AuditEvent) : undefined;
}
