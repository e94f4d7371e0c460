import { errorDetail, errorText } from '../api/client';
import { useUi } from '../app/uiStore';

/** Says a failure in a toast: main's words in the language shown, and its technical detail behind "Details". */
export function useErrorToast(): (err: unknown) => void {
  const toast = useUi((s) => s.toast);
  return (err) => toast('error', errorText(err), errorDetail(err));
}
