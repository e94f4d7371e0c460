/**
 * The one entry point both transports (Electron's ipcMain and the browser-mode HTTP host) call: it checks
 * the channel, validates the payload against the contract, runs the handler, and answers with an
 * envelope. It never throws and never lets a bad payload reach a service.
 */
import { isChannel, type ChannelName } from './channels.js';
import { INPUT_SCHEMAS, type Envelope, type ParsedInput, type Result } from './contract.js';
import { invalidInput, toIpcError } from './errors.js';

export type Handlers = { readonly [K in ChannelName]: (input: ParsedInput<K>) => Promise<Result<K>> | Result<K> };

export type Dispatch = (channel: unknown, payload: unknown) => Promise<Envelope<unknown>>;

export function createDispatcher(handlers: Handlers, log: (line: string) => void = console.error): Dispatch {
  return async (channel, payload) => {
    if (!isChannel(channel)) {
      // Described without calling anything on it: a hostile object's toString could throw.
      const name = typeof channel === 'string' ? JSON.stringify(channel.slice(0, 80)) : `of type ${typeof channel}`;
      return { ok: false, error: { code: 'unknownChannel', message: `There is no channel ${name}` } };
    }
    // An absent payload is an empty one: channels without input may be called with nothing.
    const parsed = INPUT_SCHEMAS[channel].safeParse(payload === undefined ? {} : payload);
    if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) };
    try {
      const handler = handlers[channel] as (input: unknown) => Promise<unknown> | unknown;
      return { ok: true, value: await handler(parsed.data) };
    } catch (err) {
      return { ok: false, error: toIpcError(err, log) };
    }
  };
}
