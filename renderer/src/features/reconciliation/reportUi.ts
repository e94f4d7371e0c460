/**
 * What the reconciliation screen has chosen (period, custom days, class shown), kept while finance opens an
 * order from the report and comes back. UI state only: the report itself is main's, in TanStack Query.
 */
import { create } from 'zustand';
import type { ReconciliationClass } from '../../../../main/ipc/contract';
import type { CustomDays, PeriodPreset } from './period';

interface ReportUi {
  preset: PeriodPreset;
  custom: CustomDays;
  /** The class the table shows; undefined: every class. */
  shown: ReconciliationClass | undefined;
  choosePreset(preset: PeriodPreset): void;
  setCustom(custom: CustomDays): void;
  show(shown: ReconciliationClass | undefined): void;
}

export const useReportUi = create<ReportUi>()((set) => ({
  // The day before is the one a daily reconciliation closes.
  preset: 'yesterday',
  custom: { from: '', to: '' },
  shown: undefined,
  choosePreset: (preset) => set({ preset }),
  setCustom: (custom) => set({ custom }),
  show: (shown) => set({ shown }),
}));
