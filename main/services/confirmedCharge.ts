/**
 * A charge the operator confirmed on the form, and one charge reconciled on request, each checked against
 * what is true now before anything is journalled or sent: the card must be one of the client's cards the
 * gateway lists now, enabled, not expired, in the category the confirmation named, and the app must still
 * be in the environment the check was made in. A charge refused here is audited like one the charge
 * service refuses (ChargeService.refused).
 */
import { environmentWords } from '../gateway/environments.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import type { AppCore } from './appCore.js';
import type { ChargeOutcome, FormChargeRequest } from './charges.js';
import { categoryWords, stateWords } from './chargeWords.js';
import { StoredCards } from './storedCards.js';
import type { ApprovalRequest, ApprovalStep } from '../store/approvals.js';

/** A request the charge service refuses before anything is journalled: no such charge, or not one it can do now. */
export class ChargeRequestError extends SaidError {
  constructor(
    readonly reason: 'notFound' | 'invalid',
    said: Phrase,
  ) {
    super(said);
    this.name = 'ChargeRequestError';
  }
}

/** What the operator confirmed on the form; the card's masked number comes from the gateway's list, not from the form. */
export type ConfirmedCharge = Omit<FormChargeRequest, 'maskedPan' | 'origin'>;

type Core = Pick<AppCore, 'services' | 'knownBindings'>;

/**
 * Charges the card if it still is what the operator confirmed; a refusal is an outcome, journalled nowhere.
 * With `approving`, the charge an approval request asked for, checked the same way when it is approved.
 */
export async function chargeConfirmed(
  core: Core,
  r: ConfirmedCharge,
  approving?: Extract<ApprovalStep, { kind: 'approve' }>,
): Promise<ChargeOutcome> {
  // One environment's services from the check to the charge: a switch meanwhile must not send the charge elsewhere.
  const services = core.services;
  const environment = services.environment;
  const refused = (reason: Phrase) => services.charges.refused(r.bindingId, reason);
  // The card as the gateway lists it now, among the client's: the right card, in the category confirmed.
  const stored = new StoredCards({ environment, bindings: services.bindings, known: core.knownBindings });
  const card = (await stored.find({ clientId: r.clientId }, true)).find((c) => c.bindingId === r.bindingId);
  if (!card) return refused(phrase('charge.refused.noSuchCard', { client: r.clientId, binding: r.bindingId }));
  if (!card.enabled) return refused(phrase('charge.refused.cardDisabled'));
  if (card.expired) return refused(phrase('charge.refused.cardExpired'));
  if (card.category !== r.category) {
    return refused(phrase('charge.refused.categoryDiffers', { filed: categoryWords(card.category), confirmed: categoryWords(r.category) }));
  }
  if (core.services.environment !== environment) {
    throw new ChargeRequestError(
      'invalid',
      phrase('charge.switchedWhileChecking', { environment: environmentWords(core.services.environment) }),
    );
  }
  return services.charges.charge(
    {
      bindingId: r.bindingId,
      clientId: r.clientId,
      category: r.category,
      amount: r.amount,
      currency: r.currency,
      ...(card.maskedPan ? { maskedPan: card.maskedPan } : {}),
      ...(r.description !== undefined ? { description: r.description } : {}),
      ...(r.reference !== undefined ? { reference: r.reference } : {}),
      ...(r.confirmRepeat !== undefined ? { confirmRepeat: r.confirmRepeat } : {}),
      ...(r.reason !== undefined ? { reason: r.reason } : {}),
    },
    approving,
  );
}

/**
 * The charge an approval request asked for, as the form would have confirmed it. The approver's yes is the
 * confirmation of a repeat within ten minutes that the requester's form would have asked for.
 */
export function requestedCharge(request: ApprovalRequest): ConfirmedCharge | undefined {
  const { what } = request;
  if (what.action !== 'charge') return undefined;
  return {
    bindingId: what.bindingId,
    clientId: what.clientId,
    category: what.category,
    amount: request.amount,
    currency: request.currency,
    reference: what.orderNumber,
    confirmRepeat: true,
    ...(what.description !== undefined ? { description: what.description } : {}),
  };
}

/** Every open charge of the environment reconciled, or the one named (which must be this environment's, and open). */
export async function reconcileCharges(core: Pick<AppCore, 'services'>, id?: number): Promise<ChargeOutcome[]> {
  const { charges, environment } = core.services;
  if (id === undefined) return charges.reconcileAll();
  const row = await charges.journal.get(id);
  if (!row || row.environment !== environment) {
    throw new ChargeRequestError('notFound', phrase('charge.noSuchCharge', { id, environment: environmentWords(environment) }));
  }
  if (row.state !== 'PENDING' && row.state !== 'UNKNOWN') {
    throw new ChargeRequestError('invalid', phrase('charge.alreadySettled', { orderNumber: row.orderNumber, state: stateWords(row) }));
  }
  return [await charges.reconcile(row)];
}
