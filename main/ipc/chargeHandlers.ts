/** The Charges workspace's channels (being built). */
import type { Handlers } from './dispatcher.js';
import { IpcFailure } from './errors.js';
import type { HandlerContext } from './handlers.js';

export type ChargeChannels = Extract<keyof Handlers, `charges.${string}`>;

export function createChargeHandlers(_context: HandlerContext): Pick<Handlers, ChargeChannels> {
  const notYet = () => {
    throw new IpcFailure('internal', 'Charges are not available yet');
  };
  return {
    'charges.options': notYet,
    'charges.create': notYet,
    'charges.journal': notYet,
    'charges.export': notYet,
    'charges.reconcile': notYet,
    'charges.batch.plan': notYet,
    'charges.batch.run': notYet,
    'charges.batch.pause': notYet,
    'charges.batch.resume': notYet,
    'charges.batch.cancel': notYet,
    'charges.batch.status': notYet,
    'charges.batch.export': notYet,
  };
}
