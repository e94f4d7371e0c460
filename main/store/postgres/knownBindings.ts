/**
 * The team's known stored cards (store/knownBindings.ts) in its database: a card one desk disabled, which the
 * gateway no longer lists, is shown at every desk and can be enabled again from any.
 */
import { maskCardNumbers } from '../../domain/cardNumbers.js';
import { DISABLED_OF_SQL, SEEN_SQL, seenValues, toRecord, type KnownBinding, type KnownBindingStore, type Row } from '../knownBindings.js';
import { numbered, query, type TeamDatabase } from './teamDatabase.js';

const SEEN = numbered(SEEN_SQL);
const DISABLED_OF = numbered(DISABLED_OF_SQL);

export class PgKnownBindings implements KnownBindingStore {
  constructor(private readonly db: TeamDatabase) {}

  async seen(b: Omit<KnownBinding, 'disabledAt'>): Promise<void> {
    await query(this.db, SEEN, seenValues(b));
  }

  async markDisabled(environment: string, bindingId: string, at: number): Promise<void> {
    await query(this.db, 'UPDATE known_bindings SET disabled_at = $1 WHERE environment = $2 AND binding_id = $3', [
      at,
      environment,
      bindingId,
    ]);
  }

  async markEnabled(environment: string, bindingId: string): Promise<void> {
    await query(this.db, 'UPDATE known_bindings SET disabled_at = NULL WHERE environment = $1 AND binding_id = $2', [
      environment,
      bindingId,
    ]);
  }

  async get(environment: string, bindingId: string): Promise<KnownBinding | undefined> {
    const [r] = await query<Row>(this.db, 'SELECT * FROM known_bindings WHERE environment = $1 AND binding_id = $2', [
      environment,
      bindingId,
    ]);
    return r && toRecord(r);
  }

  async disabledOf(environment: string, clientId: string): Promise<KnownBinding[]> {
    return (await query<Row>(this.db, DISABLED_OF, [environment, maskCardNumbers(clientId)])).map(toRecord);
  }
}
