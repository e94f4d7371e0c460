/**
 * How exported files are written, chosen in Settings and kept in localStorage: CSV column names stay
 * machine-readable English by default (a spreadsheet or a script reads the same names whatever the
 * screen's language); "translated" names them in the language shown (format/csvHeader.ts).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const CSV_HEADER_CHOICES = ['machine', 'translated'] as const;
export type CsvHeaders = (typeof CSV_HEADER_CHOICES)[number];

interface ExportPrefs {
  readonly csvHeaders: CsvHeaders;
  setCsvHeaders(csvHeaders: CsvHeaders): void;
}

export const useExportPrefs = create<ExportPrefs>()(
  persist((set) => ({ csvHeaders: 'machine', setCsvHeaders: (csvHeaders) => set({ csvHeaders }) }), {
    name: 'backoffice.export',
    partialize: (s) => ({ csvHeaders: s.csvHeaders }),
  }),
);
