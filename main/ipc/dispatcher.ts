/**
 * The one entry point both transports (Electron's ipcMain and the browser-mode HTTP host) call: it checks
 * the channel, checks that the person signed in at the desk may use it, validates the payload against the
 * contract, runs the handler, and answers with an envelope. It never throws and never lets a bad payload,
 * or a call the person may not make, reach a service. Every answer leaves with any card number in its
 * texts masked (main/domain/cardNumbers.ts): whatever a service read or a gateway said, no screen and no
 * export the renderer saves gets a whole one.
 */
import { maskCardNumbersIn } from '../domain/cardNumbers.js';
import { CONTRACT, isChannel, type ChannelName, type Envelope, type ParsedInput, type Result, type Role } from './contract.js';
import { failure, invalidInput, toIpcError } from './errors.js';
import { phrase } from '../phrases/phrase.js';
import { mayUse } from './permissions.js';
import { asPerson, type ActingPerson } from '../store/actingPerson.js';

export type Handlers = { readonly [K in ChannelName]: (input: ParsedInput<K>) => Promise<Result<K>> | Result<K> };

export type Dispatch = (channel: unknown, payload: unknown) => Promise<Envelope<unknown>>;

/** Who is calling, as far as main knows: the person signed in at the desk (the app core's sessions). */
export interface AccessGuard {
  /** The signed-in person now, none while nobody is or the desk is locked; read on every call. */
  person(): ActingPerson | undefined;
  /** Records a refusal (the audit log); a failure to record it is logged and the call stays refused. */
  refused(channel: ChannelName, role: Role | undefined): void;
}

/** What is told of every call's start and end (the app core's CallActivity: background work gives way to calls). */
export interface Calls {
  begin(): () => void;
}

/**
 * Both entry points (main/index.ts, main/browserMode.ts) pass the app core's session as `access`, and
 * test/ipc/roles.test.ts checks that each of them refuses what the person may not do. Without `access`
 * no role is checked at all: only tests of the dispatcher's other duties leave it out.
 */
export function createDispatcher(
  handlers: Handlers,
  log: (line: string) => void = console.error,
  access?: AccessGuard,
  calls?: Calls,
): Dispatch {
  return async (channel, payload) => {
    const ended = calls?.begin();
    try {
      return await dispatch(channel, payload);
    } finally {
      ended?.();
    }
  };

  async function dispatch(channel: unknown, payload: unknown): Promise<Envelope<unknown>> {
    if (!isChannel(channel)) {
      // Described without calling anything on it: a hostile object's toString could throw.
      const name = typeof channel === 'string' ? JSON.stringify(channel.slice(0, 80)) : `of type ${typeof channel}`;
      return { ok: false, error: failure('unknownChannel', [phrase('ipc.unknownChannel', { channel: name })]) };
    }
    // Before the payload is even looked at: nobody learns anything from a channel they may not use. The person
    // is read once, so that the role checked is the one the call's entries name.
    const person = access?.person();
    if (access) {
      const role = person?.role;
      if (!mayUse(role, channel)) {
        try {
          asPerson(person, () => access.refused(channel, role));
        } catch (err) {
          log(
            `ipc: could not audit the refusal of ${channel} to ${role ?? 'nobody signed in'}: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
        const said = role === undefined ? phrase('ipc.signInFirst') : phrase('ipc.roleCannot', { role, channel });
        return { ok: false, error: failure('forbidden', [said]) };
      }
    }
    // An absent payload is an empty one: channels without input may be called with nothing.
    const parsed = CONTRACT[channel].input.safeParse(payload === undefined ? {} : payload);
    if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) };
    try {
      const handler = handlers[channel] as (input: unknown) => Promise<unknown> | unknown;
      // The call's work, what it goes on doing in the background too, is the person's (store/actingPerson.ts).
      return { ok: true, value: maskCardNumbersIn(await asPerson(person, () => handler(parsed.data))) };
    } catch (err) {
      return { ok: false, error: toIpcError(err, log) };
    }
  }
}
