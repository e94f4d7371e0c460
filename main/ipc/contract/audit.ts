/** The audit log: what was done, by whom, read and exported with the same filters. */
import { z } from 'zod';
import type { Phrase } from '../../phrases/phrase.js';
import type { Role } from '../../domain/roles.js';
import { reads, type Declarations, printable, type ExportFile } from './shared.js';

/** The audit log's filters; times are milliseconds since the epoch, both ends included. */
const auditFilter = z
  .strictObject({
    action: printable(64).min(1).optional(),
    /** As the screen shows it: a charge whose answer was lost is `unknown`, not a failure. */
    outcome: z.enum(['success', 'failure', 'refused', 'unknown']).optional(),
    from: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
    objectType: printable(64).min(1).optional(),
    objectId: printable(128).min(1).optional(),
    /** A person's login: what was recorded while they were signed in. */
    person: printable(200).min(1).optional(),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, {
    message: 'input.startAfterEnd',
    path: ['from'],
  });

export const auditChannels = {
  'audit.query': reads('finance', auditFilter.extend({ limit: z.number().int().min(1).max(5000).optional() })).answers<AuditPage>(),
  'audit.export': reads('finance', auditFilter).answers<ExportFile>(),
} satisfies Declarations;

export interface AuditEntryView {
  readonly id: number;
  readonly at: number;
  readonly osUser: string;
  readonly environment: string;
  readonly action: string;
  /** The action in words ("Refund", "Reconciliation"), as the filter names it too. */
  readonly actionSaid: Phrase;
  /** As recorded, except a charge whose answer was lost: unknown (recorded as a failure), not a failure. */
  readonly outcome: 'success' | 'failure' | 'refused' | 'unknown';
  readonly objectType?: string;
  readonly objectId?: string;
  readonly detail?: string;
  /** The role in use when it was recorded; absent while nobody was signed in, and before roles were recorded. */
  readonly role?: Role;
  /** The login of the person signed in when it was recorded; absent while nobody was, and before people had accounts. */
  readonly person?: string;
  /** The desk it was recorded at, in a team's log. */
  readonly desk?: string;
  /**
   * The entry in words, built from its raw values when read ("Charged RUB 12.50 to 411111******1111, order …"),
   * as a phrase the renderer words in the language shown; reasons inside it are quoted as recorded.
   */
  readonly said: Phrase;
}

export interface AuditPage {
  readonly entries: readonly AuditEntryView[];
  /** True when more entries match than were returned (newest first): the export has them all. */
  readonly more: boolean;
  /** Every action in the log, for the filter: its code (the filter's value) and its name in words. */
  readonly actions: readonly { readonly action: string; readonly said: Phrase }[];
  /** The team database could not be reached: these are this desk's own entries, not the team's log. */
  readonly thisDeskOnly?: true;
}
