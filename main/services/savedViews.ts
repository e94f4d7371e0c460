/**
 * The Orders list's saved views, as a person keeps them: each person has their own in each environment (a
 * view of the test environment's orders is not production's), and in a team they follow the person from desk
 * to desk (store/personViews.ts). Names are unique per owner as a person reads them (case and spacing aside),
 * and an owner keeps a bounded number of views. What a view holds is the IPC contract's to check; here it is
 * kept as it came.
 */
import { phrase, type Phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import type { PersonViewOwner, PersonViews } from '../store/personViews.js';
import type { SavedViewRecord, Written } from '../store/savedViews.js';

/** Views per person and environment: more than a menu can offer at a glance is a list nobody reads. */
export const MAX_VIEWS = 50;

export type SavedViewRefusal = 'nameTaken' | 'tooMany' | 'notFound';

export class SavedViewError extends SaidError {
  constructor(
    readonly reason: SavedViewRefusal,
    said: Phrase,
  ) {
    super(said);
    this.name = 'SavedViewError';
  }
}

export class SavedViewService {
  constructor(
    private readonly views: PersonViews,
    /** Whose views are asked for now: the person signed in, in the open environment. */
    private readonly owner: () => PersonViewOwner,
    private readonly now: () => number = Date.now,
  ) {}

  list(): SavedViewRecord[] {
    return this.views.list(this.owner());
  }

  save(name: string, view: unknown): SavedViewRecord {
    return this.written(this.views.insert(this.owner(), name, view, this.now(), MAX_VIEWS));
  }

  rename(id: number, name: string): SavedViewRecord {
    return this.written(this.views.rename(this.owner(), id, name, this.now()));
  }

  delete(id: number): void {
    if (!this.views.delete(this.owner(), id)) throw this.refused('notFound');
  }

  private written(w: Written): SavedViewRecord {
    if (w.ok) return w.record;
    if (w.refusal === 'nameTaken') throw new SavedViewError('nameTaken', phrase('sync.view.nameTaken', { name: w.taken }));
    throw this.refused(w.refusal);
  }

  private refused(reason: 'tooMany' | 'notFound'): SavedViewError {
    return new SavedViewError(
      reason,
      reason === 'tooMany' ? phrase('sync.view.tooMany', { max: MAX_VIEWS }) : phrase('sync.view.notFound'),
    );
  }
}
