/** Why a stored credential (a binding) cannot be stored, found or paid with: engine/credentials.ts and the binding endpoints. */
export const credential = {
  tiiNeedsClient: 'tii {{tii}} stores a credential and needs an order registered with clientId',
  clientNeeded: 'a stored-credential payment needs the clientId that owns the binding',
  otherClient: 'the binding belongs to another clientId',
  category: 'a {{category}} binding cannot be paid with {{endpoint}}',
  categoryWithTii: 'a {{category}} binding cannot be paid with {{endpoint}} with tii {{tii}}',
  agreementExpired: 'the agreement expired on {{expiry}}',
  installmentsPaid: 'all {{installments}} installments were paid',
  installmentTotal: 'the amount exceeds what is left of the installment total {{total}}',
  onePhaseOnly: 'tii {{tii}} is allowed for one-phase payments only',
  noCvc: 'nothing: a merchant-initiated payment (tii {{tii}}) carries no CVC',
  storedTii: 'F, U, R or I for a payment with a stored credential',
  panOrBindingId: 'pan (or bindingId)',
  monthNotPast: 'a month not in the past',
} as const;
