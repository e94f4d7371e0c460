/**
 * Asks main for a file (CSV, PEM) and saves it through the browser's download; a failure is a toast in
 * words, and so is success where the caller says what was saved.
 */
import { useMutation } from '@tanstack/react-query';
import type { ExportFile, CertificateFile } from '../../../main/ipc/contract';
import { errorDetail, errorText } from '../api/client';
import { useUi } from '../app/uiStore';
import { download } from './download';

export function useFileExport<I = void>(
  fetch: (input: I) => Promise<ExportFile | CertificateFile>,
  options: { readonly saved?: (fileName: string) => string; readonly onSaved?: () => void } = {},
) {
  const toast = useUi((s) => s.toast);
  return useMutation({
    mutationFn: fetch,
    onSuccess: (file) => {
      download(file.fileName, file.content, file.mimeType);
      if (options.saved) toast('success', options.saved(file.fileName));
      options.onSaved?.();
    },
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
}
