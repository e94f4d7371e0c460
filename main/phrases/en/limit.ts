/**
 * Currencies and per-charge maximums: why a charge is over its limit or in a currency not accepted, and
 * why a change to the maximums or the accepted currencies is refused.
 */
export const limit = {
  over: 'The amount is over the per-charge maximum of {{maximum}} in {{environment}} (Settings)',
  overAnywhere: 'The amount is over the per-charge maximum of {{maximum}} (Settings)',
  notInSandbox: '{{currency}} is not accepted by the sandbox; it accepts {{accepted}}',
  notAccepted:
    '{{currency}} is not among the currencies {{environment}} accepts; an administrator lists them in Settings → Currencies and per-charge maximums',
  noMaximum:
    'No per-charge maximum is set for {{currency}} in {{environment}}; an administrator sets one in Settings → Currencies and per-charge maximums',
  notPositive: 'The maximum must be a positive whole number of minor units',
  sandboxRefuses: 'The sandbox does not accept {{currency}}',
  addFirst: '{{currency}} is not among the currencies {{environment}} accepts; add it first',
  mustConfirm: "A change to production's per-charge maximum must be confirmed; {{maximum}} is unchanged",
  confirmedStale:
    "Production's maximum in {{currency}} is {{maximum}}, not {{confirmed}} as confirmed; nothing was changed. Check and confirm again.",
  none: 'none',
  sandboxFixed: 'The sandbox says which currencies it accepts; there is nothing to set',
  notIso: 'Not ISO 4217 currency codes: {{codes}}',
} as const;
