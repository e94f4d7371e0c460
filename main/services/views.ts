/**
 * The shapes of what the order and batch-charge services return: plain, serialisable data with masked
 * card numbers only.
 * Kept free of imports other than types so that the IPC contract (and through it the renderer) can share them.
 * Words for the screen are phrases (main/phrases): the renderer words them in the language shown.
 */
import type { MovedJournals } from '../domain/movedRecords.js';
import type { ChargeCategory, ChargeState } from '../domain/charge.js';
import type { TeamConnection, TeamFailure } from '../domain/teamConnection.js';
import type { ApprovalAction, RequestState } from '../domain/approvals.js';
import type { Phrase, Said } from '../phrases/phrase.js';

export interface OrderView {
  readonly orderId: string;
  readonly orderNumber: string;
  readonly status?: number;
  readonly statusWords: Phrase;
  /**
   * What the header says: the status in words, or where only part was charged or refunded, that
   * ("Partially refunded" rather than "Charged"). statusWords stays the status's own words for lists.
   */
  readonly headline: Phrase;
  readonly paid: boolean;
  /** Minor units; `currency` is the ISO 4217 numeric code, `exponent` its minor-unit digits. */
  readonly amount: number;
  readonly approvedAmount: number;
  readonly depositedAmount: number;
  readonly refundedAmount: number;
  readonly currency: string;
  readonly currencyAlpha?: string;
  readonly exponent: number;
  readonly actionCode?: number;
  readonly actionCodeDescription?: string;
  readonly description?: string;
  readonly card?: {
    readonly maskedPan?: string;
    readonly expiry?: string;
    readonly cardholderName?: string;
    readonly paymentSystem?: string;
  };
  readonly threeDS?: { readonly eci?: number; readonly version?: string };
  readonly binding?: { readonly clientId?: string; readonly bindingId?: string };
  readonly registeredAt?: number;
  readonly authorisedAt?: number;
  readonly refunds: readonly { readonly at?: number; readonly amount: number; readonly referenceNumber?: string }[];
  readonly paymentWay?: string;
  /** Everything known about the order, oldest first; it only ever grows (see orderTimeline.ts). */
  readonly timeline: readonly TimelineEntry[];
}

/**
 * One event in an order's life. `source` says who reported it: the gateway (its dates and refunds, or
 * what its status implies) or this app's journals (a charge or an operation it sent, with who and how it
 * ended). `at` is missing where the gateway reports the fact but not its time.
 */
export interface TimelineEntry {
  /** Stable across look-ups, so that a later look-up updates an entry instead of adding it twice. */
  readonly key: string;
  readonly source: 'gateway' | 'app';
  readonly at?: number;
  /** In words: "Held", "Paid", "Refunded", "Reversal", ... */
  readonly what: Phrase;
  /** Minor units of the order's currency; absent where it is not known (never a made-up 0). */
  readonly amount?: number;
  /** Of a hold charged in part: the rest, given back to the cardholder (minor units). */
  readonly released?: number;
  /** Who did it from this app (the OS user). */
  readonly by?: string;
  /** For what this app sent: how it ended. */
  readonly outcome?: 'done' | 'refused' | 'unknown' | 'declined' | 'failed';
  /** A refusal's or decline's reason (the gateway's words within), a refund's reference. */
  readonly detail?: Phrase;
  /** The operator's own reason for an operation, as typed in its dialog. */
  readonly note?: string;
}

/**
 * A single look-up's answer. 'found' is the gateway's answer now; 'cached' is what the gateway said at
 * `fetchedAt`, shown because it could not be reached now (`reason`), and nothing may be done to money on it.
 */
export type OrderLookup =
  | LookupResult
  | {
      readonly query: string;
      readonly kind: 'cached';
      readonly order: OrderView;
      readonly fetchedAt: number;
      /** Why the gateway could not be reached, in words, and its technical account. */
      readonly reason: Said;
      readonly detail?: string;
    };

export type LookupResult =
  | { readonly query: string; readonly kind: 'found'; readonly order: OrderView }
  | { readonly query: string; readonly kind: 'notFound' }
  /** reason: in words (what happened, what it did, what to do); detail: the technical account, for Details. */
  | { readonly query: string; readonly kind: 'failed'; readonly reason: Said; readonly detail?: string }
  | { readonly query: string; readonly kind: 'cancelled' };

/**
 * One line of "Looked up before", each order (or, where none was found, each query) once, newest first.
 * label: the found order's orderNumber, else what was typed; card numbers in it masked.
 * key: what a click asks for again: the order found, by its orderId, or the text typed. Absent when that
 * text was a card number and is kept masked: the masked text is nobody's number and is never sent as one.
 */
export interface HistoryEntry {
  readonly label: string;
  readonly outcome: 'found' | 'notFound' | 'failed';
  readonly at: number;
  readonly key?: { readonly orderId: string } | { readonly query: string };
}

/** A batch look-up's state: running until every line is looked up or it is cancelled. */
export type BatchState = 'running' | 'done' | 'cancelled';

export interface BatchProgress {
  readonly total: number;
  readonly done: number;
  readonly found: number;
  readonly notFound: number;
  readonly failed: number;
  /** Lines not looked up because the batch was cancelled: known once it has stopped. */
  readonly cancelled: number;
}

/** failed: the app itself stopped a batch of charges (its journal or disk failed); the job says why. */
export type ChargeBatchState = 'planned' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed';

/** Counts of a batch of charges so far: rows handled, paid, whose answer was lost (unknown), and not charged (other). */
export interface ChargeBatchProgress {
  readonly total: number;
  readonly done: number;
  readonly paid: number;
  readonly unknown: number;
  readonly other: number;
}

/** How far a batch got: a batch look-up's or a batch charge's, as the screens are told it. */
export type BatchProgressEvent =
  | { readonly type: 'batch.progress'; readonly batchId: string; readonly state: BatchState; readonly progress: BatchProgress }
  | {
      readonly type: 'chargeBatch.progress';
      readonly batchId: string;
      readonly state: ChargeBatchState;
      readonly progress: ChargeBatchProgress;
    };

/** One charge of the journal, with its state in words. */
export interface ChargeView {
  readonly id: number;
  readonly environment: string;
  readonly orderNumber: string;
  readonly orderId?: string;
  readonly amount: number;
  readonly currency: string;
  readonly currencyAlpha?: string;
  readonly exponent: number;
  readonly bindingId: string;
  readonly clientId: string;
  readonly category: ChargeCategory;
  /** The card as the app last saw it (first 6 and last 4 digits at most). */
  readonly maskedPan?: string;
  readonly description?: string;
  readonly operator: string;
  /** The desk that journalled it, where desks are named (a team's, and charges made since). */
  readonly desk?: string;
  readonly state: ChargeState;
  /** The latest state in words: charged, partly refunded, reversed, declined, being sent, outcome unknown… */
  readonly stateWords: Phrase;
  /** Being sent now: its answer is awaited, not lost (state PENDING). */
  readonly sending: boolean;
  /** What the charge stands at now; absent while its outcome is not known. */
  readonly standing?: ChargeStandingView;
  readonly orderStatus?: number;
  readonly actionCode?: number;
  /** The gateway's words for a decline or refusal, or why the outcome is not known yet. */
  readonly reason?: Phrase;
  readonly at: number;
  readonly updatedAt: number;
}

/**
 * Charged, refunded and net minor units of a charge and its order's latest state, from the charge's own
 * answer, the latest look-up of the order, and the deposits, reversals and refunds made from this app.
 */
export interface ChargeStandingView {
  readonly charged: number;
  readonly refunded: number;
  readonly net: number;
  /** Held and not yet deposited. */
  readonly held: number;
  readonly orderStatus?: number;
  readonly asOf: number;
  readonly source: 'charge' | 'lookUp' | 'operation';
}

/**
 * A four-eyes approval request as the screens show it (services/approvals.ts): what, how much, on which order
 * or card, who asked and why, and where it stands now (by the clock of the store that keeps it).
 */
export interface ApprovalRequestView {
  readonly id: number;
  readonly environment: string;
  readonly action: ApprovalAction;
  /** A refund's order. */
  readonly orderId?: string;
  /** A charge's stored card, client, reference and masked card. */
  readonly bindingId?: string;
  readonly clientId?: string;
  readonly orderNumber?: string;
  readonly maskedPan?: string;
  readonly description?: string;
  /** A batch's file id, its number of charges and their total per currency (ISO 4217 numeric, minor units). */
  readonly batchId?: string;
  readonly charges?: number;
  readonly totals?: Readonly<Record<string, number>>;
  readonly amount: number;
  readonly currency: string;
  readonly reason?: string;
  readonly requestedBy: { readonly login: string; readonly name: string };
  readonly state: RequestState;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly decidedBy?: { readonly login: string; readonly name: string };
  readonly decidedAt?: number;
  /** The operation or charge its approval journalled. */
  readonly journalId?: number;
  readonly desk?: string;
  /** Asked by the person reading: theirs to withdraw, never to approve or decline. */
  readonly mine: boolean;
}

export type ChargeResult =
  /** Nothing was journalled or sent: over its threshold, the charge waits for a second person (why says over what). */
  | { readonly outcome: 'awaitingApproval'; readonly request: ApprovalRequestView; readonly why: Phrase }
  | { readonly outcome: 'paid' | 'declined'; readonly charge: ChargeView }
  /** detail: the technical account of what went wrong, behind the screen's "Details". */
  | { readonly outcome: 'failed' | 'unknown'; readonly charge: ChargeView; readonly detail?: string }
  /** Nothing was journalled or sent. */
  | { readonly outcome: 'refused'; readonly reason: Phrase }
  /**
   * Sent only with confirmRepeat: the same card and amount were charged within ten minutes (sameLately), or
   * the reference's earlier charge failed, moving no money (referenceFailed). earlier lists those charges.
   */
  | { readonly outcome: 'needsConfirmation'; readonly why: 'sameLately' | 'referenceFailed'; readonly earlier: readonly ChargeView[] };

/** A signing key as the screens show it; its private key stays in the keychain. */
export interface SigningKeyView {
  readonly id: string;
  readonly subject: string;
  /** SHA-256 of the certificate, colon-separated upper-case hex (as openssl prints it). */
  readonly fingerprint256: string;
  readonly notBefore: number;
  readonly notAfter: number;
  /** active: signs requests now; inactive: kept, can be activated; retired: its private key is deleted. */
  readonly state: 'inactive' | 'active' | 'retired';
  readonly expired: boolean;
  /** Not expired, but ends within expiryWarningDays. */
  readonly expiresSoon: boolean;
  readonly daysLeft: number;
  /**
   * Whether this desk's keychain has the private key (in a team, another desk's key may be known here but not
   * usable); absent where the keychain cannot be read.
   */
  readonly usableHere?: boolean;
}

/** A signature over a sample body, checked with the certificate as the gateway checks it. */
export interface TestSignature {
  readonly fingerprint256: string;
  readonly bodyBytes: number;
  readonly xHash: string;
  readonly xSignature: string;
  /** X-Hash is the body's SHA-256 and X-Signature verifies with the certificate's public key. */
  readonly verified: boolean;
  /** As phrases: verified, or why not; and whether a gateway would take the certificate today. */
  readonly detail: Said;
}

/**
 * The team database a desk's Settings keep: none (its own file), a connection, or one this version cannot
 * read (saved by a newer version, or damaged), which the desk uses as a database it cannot reach, never as none.
 */
export type SavedTeamDatabase =
  { readonly kind: 'none' } | { readonly kind: 'saved'; readonly connection: TeamConnection } | { readonly kind: 'unreadable' };

/** Where the team database in use was chosen: in Settings, or at start, over Settings. */
/** This desk's records moved to the team database (Settings' "Move this desk's records"). */
export interface MovedDeskRecords extends MovedJournals {
  /** Audit entries of this desk the team's log gained. */
  readonly auditEntries: number;
}

export type TeamDatabaseFrom = 'settings' | 'BACKOFFICE_DATABASE_URL' | 'startOption';

/** Where a desk keeps its journals now: its own file, or a team database (by name) and where that was chosen. */
export type TeamDatabaseInUse =
  { readonly kind: 'file' } | { readonly kind: 'team'; readonly database: string; readonly from: TeamDatabaseFrom };

/** How a team database's tables compare with this version's: none yet, older (migrated on first use), the same, or newer. */
export type SchemaStanding = 'empty' | 'older' | 'current' | 'newer';

/** A connection test of a team database: connected, with what was found, or why not; `said` in words either way. */
export type TeamDatabaseCheck =
  | {
      readonly connected: true;
      readonly database: string;
      readonly serverVersion: string;
      readonly encrypted: boolean;
      readonly schema: SchemaStanding;
      readonly schemaVersion: number;
      readonly latestSchema: number;
      /** Whether this user may create the app's tables there (needed where the schema is empty or older). */
      readonly mayCreate: boolean;
      readonly said: Said;
    }
  | { readonly connected: false; readonly database: string; readonly failure: TeamFailure | 'other'; readonly said: Said };
