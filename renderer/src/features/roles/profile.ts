/**
 * What the installation's role profile (read through api/roles.ts) lets the screens offer, and the
 * profiles in words. Main decides and enforces which channels a profile may use; the screens only follow
 * its allowedChannels, so that nothing is offered that would be refused.
 */
import { ROLES, type ChannelName, type MIN_PASSPHRASE, type Role, type RoleProfileView } from '../../../../main/ipc/contract';
import { WORKSPACES, type WorkspaceId } from '../../app/uiStore';
import { i18n } from '../../i18n';

/**
 * Each profile's words under a key of the roles catalogue, read when they are used (while rendering), so a
 * record read after a change of language says the new words.
 */
const wordsOfEach = (key: 'label' | 'words'): Readonly<Record<Role, string>> =>
  Object.defineProperties(
    {} as Record<Role, string>,
    Object.fromEntries(ROLES.map((role) => [role, { enumerable: true, get: () => i18n.t(`roles:${key}.${role}`) }])),
  );

/** The profiles' names, in the language shown. */
export const ROLE_LABELS = wordsOfEach('label');

/** What each profile may do, in the words the profile dialog uses. */
export const ROLE_WORDS = wordsOfEach('words');

/** The contract's least passphrase length; the type makes this fail to compile if the contract's changes. */
export const MIN_PASSPHRASE_LENGTH: typeof MIN_PASSPHRASE = 12;

/** Whether the profile may call the channel; nothing is offered before the profile is known. */
export const mayCall = (profile: RoleProfileView | undefined, channel: ChannelName): boolean =>
  profile?.allowedChannels.includes(channel) ?? false;

/** The channel a workspace cannot do without: it is offered only where the profile may use it. */
const WORKSPACE_CHANNELS: Record<WorkspaceId, ChannelName> = {
  orders: 'orders.lookup',
  cards: 'cards.find',
  charges: 'charges.create',
  keys: 'keys.list',
  audit: 'audit.query',
  // Every profile may read the settings view; the workspace is for changing them.
  settings: 'settings.updateGeneral',
  reconciliation: 'period.reconcile',
  customers: 'customers.search',
};

/** The workspaces the profile may open; Orders alone until the profile is known. */
export function allowedWorkspaces(profile: RoleProfileView | undefined): ReadonlySet<WorkspaceId> {
  return new Set(WORKSPACES.map((w) => w.id).filter((id) => id === 'orders' || mayCall(profile, WORKSPACE_CHANNELS[id])));
}
