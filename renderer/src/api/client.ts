/**
 * The renderer's side of the IPC contract: call a channel with its typed input, get its typed result, or
 * an ApiError carrying main's code, message and field paths. Types only come from main; the transport is
 * whatever window.api is (Electron preload or browser-mode bridge).
 */
import type { AppEvent, ChannelName, Input, IpcError, IpcErrorCode, Result } from '../../../main/ipc/contract';

export class ApiError extends Error {
  readonly code: IpcErrorCode;
  readonly fields: IpcError['fields'];
  /** The technical account behind the message, for a "Details" disclosure. */
  readonly detail: string | undefined;

  constructor(error: IpcError) {
    super(error.message);
    this.name = 'ApiError';
    this.code = error.code;
    this.fields = error.fields;
    this.detail = error.detail;
  }

  /** The message for one field of the input, for showing next to that field. */
  fieldMessage(path: string): string | undefined {
    return this.fields?.find((f) => f.path === path)?.message;
  }
}

export async function call<K extends ChannelName>(channel: K, input: Input<K>): Promise<Result<K>> {
  const answer = await window.api.invoke(channel, input);
  if (!answer.ok) throw new ApiError(answer.error);
  return answer.value;
}

export const subscribe = (listener: (event: AppEvent) => void): (() => void) => window.api.subscribe(listener);

export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The technical detail main gave with an error (endpoint, status, code), if any. */
export const errorDetail = (err: unknown): string | undefined => (err instanceof ApiError ? err.detail : undefined);
