/**
 * Whether the keychain's default collection is locked. On Linux the Secret Service says so in the
 * collection's Locked property; libsecret (and so keytar) answers a read from a locked collection with
 * "no such secret", which is why the vault asks this whenever a secret reads as missing.
 *
 * Asked over one session-bus connection the main process keeps, never a process per question: gnome-keyring
 * (42 on Debian 12, and still 50) aborts, and with it every secret of the desktop session, when short-lived
 * clients connect, read and disconnect at the same moment (measured here: four `dbus-send` reads at a time
 * killed the daemon within seconds; three processes each asking 2,000 times, four at a time, over one
 * connection each, did not). Questions asked while one is in flight share its answer. Where it cannot be
 * asked (another OS, no session bus) the answer is 'unknown'. On macOS and Windows keytar reports a locked
 * keychain as an error of its own, which the vault already treats as unavailable.
 *
 * dbus-native is a pure-JavaScript D-Bus client; its 0.13 line is the newest that supports Node 20, on which
 * the tests and the browser-mode host run (0.14 and later need Node 22).
 */
import type { Socket } from 'node:net';
import dbus from 'dbus-native';

export type LockState = 'locked' | 'unlocked' | 'unknown';

/** How long a question may take: the Secret Service answers a property read at once, or not at all. */
const ANSWER_WITHIN_MS = 3_000;

type Bus = ReturnType<typeof dbus.sessionBus>;

let bus: Bus | undefined;
let asking: Promise<LockState> | undefined;

/** The kept connection, opened on first use and again after it closed. */
function connection(): Bus {
  if (bus) return bus;
  const opened = dbus.sessionBus();
  // An idle connection keeps no process alive; a question in flight does (ask).
  socketOf(opened).unref?.();
  // Without a listener a lost bus would crash the process; it is opened again at the next question.
  opened.connection.on('error', () => undefined);
  opened.connection.on('close', () => {
    if (bus === opened) bus = undefined;
  });
  bus = opened;
  return opened;
}

const socketOf = (open: Bus) => open.connection.stream as Partial<Socket>;

async function ask(): Promise<LockState> {
  let open: Bus;
  try {
    open = connection();
  } catch {
    return 'unknown';
  }
  const socket = socketOf(open);
  socket.ref?.();
  try {
    const reply = await open.invoke(
      {
        destination: 'org.freedesktop.secrets',
        path: '/org/freedesktop/secrets/aliases/default',
        interface: 'org.freedesktop.DBus.Properties',
        member: 'Get',
        signature: 'ss',
        body: ['org.freedesktop.Secret.Collection', 'Locked'],
      },
      { timeout: ANSWER_WITHIN_MS },
    );
    const locked = dbus.variantValue<unknown>(reply);
    return typeof locked === 'boolean' ? (locked ? 'locked' : 'unlocked') : 'unknown';
  } catch {
    return 'unknown';
  } finally {
    socket.unref?.();
  }
}

export function defaultCollectionLockState(): Promise<LockState> {
  if (process.platform !== 'linux' || !process.env.DBUS_SESSION_BUS_ADDRESS) return Promise.resolve('unknown');
  asking ??= ask().finally(() => (asking = undefined));
  return asking;
}
