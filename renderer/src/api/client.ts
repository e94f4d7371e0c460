/**
 * The renderer's side of the IPC contract: call a channel with its typed input, get its typed result, or
 * an ApiError carrying main's code, message and field paths. Types only come from main; the transport is
 * whatever window.api is (Electron preload or browser-mode bridge).
 */
import type { AppEvent, ChannelName, Input, IpcError, IpcErrorCode, Result, Said } from '../../../main/ipc/contract';
import { i18n } from '../i18n/index.js';
import { say } from '../i18n/say.js';

export class ApiError extends Error {
  readonly code: IpcErrorCode;
  /** What main said, worded in the language shown by errorText; `message` is main's English, for logs. */
  readonly said: Said;
  readonly fields: IpcError['fields'];
  /** The technical account behind the message, for a "Details" disclosure. */
  readonly detail: string | undefined;

  constructor(error: IpcError) {
    super(error.message);
    this.name = 'ApiError';
    this.code = error.code;
    // Main always says something; an answer without it (a transport's own refusal) is shown by its message.
    this.said = Array.isArray(error.said) ? error.said : [{ code: 'app.quoted', params: { text: error.message } }];
    this.fields = error.fields;
    this.detail = error.detail;
  }

  /** The message for one field of the input, for showing next to that field. */
  fieldMessage(path: string): string | undefined {
    const field = this.fields?.find((f) => f.path === path);
    return field ? say(i18n, field.said) : undefined;
  }
}

export async function call<K extends ChannelName>(channel: K, input: Input<K>): Promise<Result<K>> {
  const answer = await window.api.invoke(channel, input);
  if (!answer.ok) throw new ApiError(answer.error);
  return answer.value;
}

export const subscribe = (listener: (event: AppEvent) => void): (() => void) => window.api.subscribe(listener);

/** An error in the language shown: main's phrases worded here; the renderer's own errors are already words. */
export const errorText = (err: unknown): string =>
  err instanceof ApiError ? say(i18n, err.said) : err instanceof Error ? err.message : String(err);

/** The technical detail main gave with an error (endpoint, status, code), if any. */
export const errorDetail = (err: unknown): string | undefined => (err instanceof ApiError ? err.detail : undefined);
