/**
 * The channels of Settings' "Currencies and per-charge maximums", and the view of an environment's
 * accepted currencies with their maximums that the editor and the charge form share.
 */
import cc from 'currency-codes';
import type { AppCore } from '../../services/appCore.js';
import { ChargeLimitError } from '../../services/chargeLimits.js';
import { currencyInfo } from '../../services/money.js';
import type { ChargeLimitsView, CurrencyLimitView, EnvironmentName, settingsChannels } from '../contract.js';
import { IpcFailure } from '../errors.js';
import type { HandlerContext, HandlersOf } from './context.js';

/** One accepted currency with what a charge in it may be (nothing when no maximum is set: refused). */
function currencyLimitView(core: AppCore, environment: EnvironmentName, numeric: string): CurrencyLimitView {
  const info = currencyInfo(numeric);
  const limit = core.chargeLimits.limit(environment, numeric);
  return {
    numeric,
    alpha: info.alpha ?? numeric,
    exponent: info.exponent,
    name: cc.number(numeric)?.currency ?? `currency ${numeric}`,
    ...(limit.kind === 'allowed' ? { maximum: limit.maximum, maximumFrom: limit.from } : {}),
    approvalThresholds: core.chargeLimits.thresholds(environment)[numeric] ?? {},
  };
}

export function chargeLimitsView(core: AppCore, environment: EnvironmentName): ChargeLimitsView {
  const { from, currencies } = core.chargeLimits.accepted(environment);
  return { environment, currenciesFrom: from, currencies: currencies.map((c) => currencyLimitView(core, environment, c)) };
}

/** A change refused by the rules of currencies and maximums: its phrase goes to the screen as it is. */
function refusing<T>(change: () => T): T {
  try {
    return change();
  } catch (err) {
    if (err instanceof ChargeLimitError) throw new IpcFailure('settings', err.said);
    throw err;
  }
}

/** The settings workspace's charge limits: read by everyone, set by an administrator. */
export function chargeLimitHandlers({
  core,
  events,
}: HandlerContext): Pick<
  HandlersOf<typeof settingsChannels>,
  'settings.chargeLimits' | 'settings.setChargeMaximum' | 'settings.setCurrencies' | 'settings.setApprovalThreshold'
> {
  const changed = (environment: EnvironmentName) => {
    // The charge form and Settings follow the event.
    events.publish({ type: 'settings.changed' });
    return chargeLimitsView(core, environment);
  };
  return {
    'settings.chargeLimits': ({ environment }) => chargeLimitsView(core, environment),
    'settings.setChargeMaximum': ({ environment, currency, maximum, confirmation }) => {
      refusing(() => core.chargeLimits.setMaximum(environment, currency, maximum, confirmation));
      return changed(environment);
    },
    'settings.setApprovalThreshold': ({ environment, currency, action, threshold }) => {
      refusing(() => core.chargeLimits.setThreshold(environment, currency, action, threshold));
      return changed(environment);
    },
    'settings.setCurrencies': ({ environment, currencies }) => {
      refusing(() => core.chargeLimits.setAccepted(environment, currencies));
      return changed(environment);
    },
  };
}
