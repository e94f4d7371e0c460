/**
 * How long a desk may sit idle before its session locks, in whole minutes, as the administrator sets it. PCI DSS
 * (requirement 8.2.8) asks that a session idle for more than 15 minutes be signed into again: 15 is both the
 * default and the most an administrator can set.
 */
export const MIN_IDLE_MINUTES = 1;
export const MAX_IDLE_MINUTES = 15;
export const DEFAULT_IDLE_MINUTES = MAX_IDLE_MINUTES;
