/**
 * What the session (read through api/session.ts) lets the screens offer, and the roles in words. Main decides
 * and enforces which channels the signed-in person's role may use; the screens only follow the session's
 * allowedChannels, so that nothing is offered that would be refused.
 */
import { ROLES, type ChannelName, type MIN_PASSWORD, type Role, type SessionView } from '../../../../main/ipc/contract';
import { WORKSPACES, type WorkspaceId } from '../../app/uiStore';
import { i18n } from '../../i18n';

/**
 * Each role's words under a key of the roles catalogue, read when they are used (while rendering), so a
 * record read after a change of language says the new words.
 */
const wordsOfEach = (key: 'label' | 'words'): Readonly<Record<Role, string>> =>
  Object.defineProperties(
    {} as Record<Role, string>,
    Object.fromEntries(ROLES.map((role) => [role, { enumerable: true, get: () => i18n.t(`roles:${key}.${role}`) }])),
  );

/** The roles' names, in the language shown. */
export const ROLE_LABELS = wordsOfEach('label');

/** What each role may do, in the words the People screen uses. */
export const ROLE_WORDS = wordsOfEach('words');

/** The contract's least password length; the type makes this fail to compile if the contract's changes. */
export const MIN_PASSWORD_LENGTH: typeof MIN_PASSWORD = 12;

/** Whether the session may call the channel; nothing is offered before the session is known. */
export const mayCall = (session: SessionView | undefined, channel: ChannelName): boolean =>
  session?.allowedChannels.includes(channel) ?? false;

/** The channel a workspace cannot do without: it is offered only where the session may use it. */
const WORKSPACE_CHANNELS: Record<WorkspaceId, ChannelName> = {
  orders: 'orders.lookup',
  cards: 'cards.find',
  charges: 'charges.create',
  keys: 'keys.list',
  audit: 'audit.query',
  // Every role may read the settings view; the workspace is for changing them.
  settings: 'settings.updateGeneral',
  reconciliation: 'period.reconcile',
  customers: 'customers.search',
  people: 'people.list',
  approvals: 'approvals.list',
};

/** The workspaces the session may open; Orders alone until the session is known. */
export function allowedWorkspaces(session: SessionView | undefined): ReadonlySet<WorkspaceId> {
  return new Set(WORKSPACES.map((w) => w.id).filter((id) => id === 'orders' || mayCall(session, WORKSPACE_CHANNELS[id])));
}
