/** What the profile control's dialogs share: a refusal said beside its field. */
import { ApiError, errorText } from '../../api/client';

/** The message for a field when main named it, otherwise main's message: a refusal is always shown in words. */
export const fieldError = (err: unknown, path: string): string | undefined => {
  if (!err) return undefined;
  if (err instanceof ApiError && err.fields) return err.fieldMessage(path);
  return errorText(err);
};
