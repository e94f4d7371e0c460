/**
 * Which role may use which channel, as each channel's declaration in the contract says (its least role, or
 * anyone at the desk): the one rule the dispatcher enforces in main (the screens only follow it, through
 * session.get's allowedChannels). The roles are nested (support, then finance, then administrator), so a
 * channel is never open to one role and closed to a stronger one. Nobody signed in, or a locked session, has
 * no role: only the channels open to anyone.
 */
import { CHANNELS, CONTRACT, type ChannelName } from './contract.js';
import { roleRank, type Role } from '../domain/roles.js';
import type { Least } from './contract/shared.js';

/** The least role that may use the channel, or anyone. */
export const leastRole = (channel: ChannelName): Least => CONTRACT[channel].least;

/** Whether the desk, with this role signed in (none: nobody, or locked), may use the channel. */
export function mayUse(role: Role | undefined, channel: ChannelName): boolean {
  const least = leastRole(channel);
  return least === 'anyone' || (role !== undefined && roleRank(role) >= roleRank(least));
}

/** Every channel the role (none: nobody signed in) may use, in the contract's order. */
export const allowedChannels = (role: Role | undefined): ChannelName[] => CHANNELS.filter((channel) => mayUse(role, channel));
