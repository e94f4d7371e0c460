/**
 * The charge journal and what is read from it, all under chargeKeys.all: the charge form's options, the
 * journal as filtered, one charge's row (its outcome panel), and the charges whose outcome is unknown.
 * Main's charges.changed event marks them all stale (events.ts), and so does every change made here.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChargeResult, ChargeView, Input, Result } from '../../../main/ipc/contract';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';

type JournalFilter = Input<'charges.journal'>;

export const chargeKeys = {
  /** Everything read from the charge journal starts with this. */
  all: ['charges'] as const,
  options: ['charges', 'options'] as const,
  journal: (filter: JournalFilter) => ['charges', 'journal', filter] as const,
  row: (id: number | undefined) => ['charges', 'row', id] as const,
  /** Charges whose outcome is unknown, for the workspace's banner. */
  open: ['charges', 'open'] as const,
};

/** What the charge form offers in the environment in use: its currencies, their maximums. */
export const useChargeOptions = () => useQuery({ queryKey: chargeKeys.options, queryFn: () => call('charges.options', {}), staleTime: 0 });

/** The charges whose answer was lost, the newest twenty, and how many there are. */
export const useOpenCharges = () =>
  useQuery({ queryKey: chargeKeys.open, queryFn: () => call('charges.journal', { state: 'unknown', limit: 20 }) });

/** The journal as filtered; the rows shown stay while another filter is read. */
export const useChargeJournal = (filter: JournalFilter, enabled: boolean) =>
  useQuery({
    queryKey: chargeKeys.journal(filter),
    queryFn: () => call('charges.journal', filter),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });

/** One charge's row as the journal has it now (null once it is no longer found there). */
export const useChargeRow = (charge: Pick<ChargeView, 'id' | 'orderNumber'> | undefined) =>
  useQuery({
    queryKey: chargeKeys.row(charge?.id),
    queryFn: async () =>
      (await call('charges.journal', { text: charge!.orderNumber, limit: 50 })).entries.find((c) => c.id === charge!.id) ?? null,
    enabled: charge !== undefined,
  });

/** Marks every view of the journal stale; what it returns settles once the views on screen are read again. */
function useChargesStale(): () => Promise<void> {
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: chargeKeys.all });
}

/** One charge as the confirmation restated it (main refuses it if the environment changed meanwhile). */
export function useChargeCreate(screen?: ScreenHandlers<ChargeResult, Input<'charges.create'>>) {
  const stale = useChargesStale();
  return useEntityMutation((input: Input<'charges.create'>) => call('charges.create', input), { onSuccess: () => void stale() }, screen);
}

/**
 * Asks the gateway what became of one charge whose outcome is unknown (by its id), or of all of them. Done
 * once the journal's views on screen are read again, so none still offers to reconcile what was settled.
 */
export function useChargeReconcile(screen?: ScreenHandlers<Result<'charges.reconcile'>, number | undefined>) {
  const stale = useChargesStale();
  return useEntityMutation(
    (id: number | undefined) => call('charges.reconcile', id === undefined ? {} : { id }),
    { onSettled: stale },
    screen,
  );
}
