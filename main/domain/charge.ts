/** A charge of a stored card: the categories the gateway files a card under, and the states of a charge in the journal. */

/** The three ways a stored card may be charged, as the gateway files it. */
export const CHARGE_CATEGORIES = ['COMMON', 'RECURRENT', 'INSTALLMENT'] as const;
export type ChargeCategory = (typeof CHARGE_CATEGORIES)[number];

/** Open states: the outcome is not known yet (being sent, or its answer lost). */
export type OpenState = 'PENDING' | 'UNKNOWN';
/** Settled states: PAID (held or charged), DECLINED (processed, not paid), FAILED (refused before any payment). */
export type SettledState = 'PAID' | 'DECLINED' | 'FAILED';
export const CHARGE_STATES = ['PENDING', 'UNKNOWN', 'PAID', 'DECLINED', 'FAILED'] as const satisfies readonly (OpenState | SettledState)[];
export type ChargeState = OpenState | SettledState;
