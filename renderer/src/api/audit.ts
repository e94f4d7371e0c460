/**
 * The audit log, read afresh whenever it is shown. Every change the app makes is audited, so a change may
 * also mark the log stale (a stored card's and a signing key's do).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Input } from '../../../main/ipc/contract';
import { call } from './client';

export const auditKeys = {
  /** Everything read from the audit log starts with this. */
  all: ['audit'] as const,
  entries: (filter: Input<'audit.query'>) => ['audit', filter] as const,
};

/** The entries the filter matches, newest first; the rows shown stay while another filter is read. */
export const useAuditEntries = (filter: Input<'audit.query'>, enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.entries(filter),
    queryFn: () => call('audit.query', filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
