/**
 * Asks main for a file (CSV, PEM) and saves it through the browser's download (a CSV's column names
 * translated if Settings asks: app/exportPrefs.ts); a failure is a toast in words, and so is success where
 * the caller says what was saved.
 */
import { useMutation } from '@tanstack/react-query';
import type { ExportFile, CertificateFile } from '../../../main/ipc/contract';
import { errorDetail, errorText } from '../api/client';
import { useExportPrefs } from '../app/exportPrefs';
import { useUi } from '../app/uiStore';
import { withTranslatedHeader } from '../format/csvHeader';
import { i18n } from '../i18n';
import { download } from './download';

/** A column's name in the language shown, if the catalogue has one (csv:headers). */
const columnName = (column: string): string | undefined => {
  const key = `csv:headers.${column}`;
  return i18n.exists(key) ? (i18n.t as (k: string) => string)(key) : undefined;
};

export function useFileExport<I = void>(
  fetch: (input: I) => Promise<ExportFile | CertificateFile>,
  options: { readonly saved?: (fileName: string) => string; readonly onSaved?: () => void } = {},
) {
  const toast = useUi((s) => s.toast);
  const csvHeaders = useExportPrefs((s) => s.csvHeaders);
  return useMutation({
    mutationFn: fetch,
    onSuccess: (file) => {
      const translate = file.mimeType === 'text/csv' && csvHeaders === 'translated';
      download(file.fileName, translate ? withTranslatedHeader(file.content, columnName) : file.content, file.mimeType);
      if (options.saved) toast('success', options.saved(file.fileName));
      options.onSaved?.();
    },
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
}
