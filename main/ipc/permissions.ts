/**
 * Which role profile may use which channel, as each channel's declaration in the contract says (its least
 * profile): the one rule the dispatcher enforces in main (the screens only follow it, through roles.get's
 * allowedChannels). The profiles are nested (support, then finance, then administrator), so a channel is
 * never open to one profile and closed to a stronger one.
 */
import { CHANNELS, CONTRACT, type ChannelName } from './contract.js';
import { roleRank, type Role } from '../domain/roles.js';

/** The least profile that may use the channel. */
export const leastRole = (channel: ChannelName): Role => CONTRACT[channel].least;

/** Whether the profile may use the channel. */
export const mayUse = (role: Role, channel: ChannelName): boolean => roleRank(role) >= roleRank(leastRole(channel));

/** Every channel the profile may use, in the contract's order. */
export const allowedChannels = (role: Role): ChannelName[] => CHANNELS.filter((channel) => mayUse(role, channel));
