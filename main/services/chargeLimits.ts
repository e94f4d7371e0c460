/**
 * The currencies each environment accepts and the per-charge maximum of each, per environment and per
 * currency, in that currency's minor units. Raising the sandbox's maximum in RUB changes nothing in
 * production, and 10,000 means 10,000.00 in RUB but 10,000 in JPY: one number for every currency and
 * environment was wrong in both ways.
 *
 * - Accepted currencies: the sandbox says which it accepts (its merchant configuration, passed in by the
 *   app core); the other environments list theirs in Settings. A charge in any other currency is refused.
 * - A currency without a maximum: the sandbox has a default of 10,000 major units (simulated money); test,
 *   production and custom fail closed, refusing the charge with a message naming where to set one.
 * - A change to production's maximum is refused unless it carries a confirmation naming production and
 *   the maximum the operator saw before (so a confirmation of a stale screen does not count). Every change
 *   is audited with the old and new value, a refused one too.
 *
 * ChargeService.guard() asks limit() inside the charge's journal transaction: that is where the rule holds.
 */
import cc from 'currency-codes';
import { z } from 'zod';
import type { AuditRepository } from '../store/audit.js';
import type { AuditEvent } from '../store/auditEvents.js';
import { chargeLimitKeys, type SettingsReader, type SettingsRepository } from '../store/settings.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { currencyInfo, formatMoney } from './money.js';
import { SettingsError, type EnvironmentName } from './settings.js';
import { environmentWords } from '../gateway/environments.js';
import { thresholdsKey, type ApprovalAction, type Thresholds } from '../domain/approvals.js';
import { thresholdsSchema } from '../store/approvals.js';

/** The sandbox's maximum in a currency where none is set, in major units: its money is simulated. */
export const SANDBOX_DEFAULT_MAXIMUM_MAJOR = 10_000;

/** Where an environment's accepted currencies come from. */
export type CurrencySource = 'sandbox' | 'settings';

/** What one charge in a currency may be in an environment: up to its maximum, or refused and why. */
export type CurrencyLimit =
  | { readonly kind: 'allowed'; readonly maximum: number; readonly from: 'set' | 'default' }
  | { readonly kind: 'refused'; readonly reason: Phrase };

/**
 * The rule a charge service applies: a fixed maximum in every currency (tests), or the settings' per
 * currency, read from `kept` where given (the settings as the charge's own transaction read them).
 */
export type MaximumRule = number | ((currency: string, kept?: SettingsReader) => CurrencyLimit);

/** Why a charge of `amount` minor units in `currency` breaks the rule, or undefined when it does not. */
export function chargeLimitRefusal(
  rule: MaximumRule,
  currency: string,
  amount: number,
  environment?: string,
  kept?: SettingsReader,
): Phrase | undefined {
  const limit: CurrencyLimit = typeof rule === 'number' ? { kind: 'allowed', maximum: rule, from: 'set' } : rule(currency, kept);
  if (limit.kind === 'refused') return limit.reason;
  if (amount <= limit.maximum) return undefined;
  const maximum = { minor: limit.maximum, currency };
  return environment
    ? phrase('limit.over', { maximum, environment: environmentWords(environment) })
    : phrase('limit.overAnywhere', { maximum });
}

/** A change to the currencies or maximums refused: what to tell the person, its English for the audit log. */
export class ChargeLimitError extends SettingsError {
  override name = 'ChargeLimitError';
}

/** "RUB (643)", or the bare code for one ISO 4217 does not know. */
export const currencyName = (numeric: string): string => {
  const alpha = currencyInfo(numeric).alpha;
  return alpha ? `${alpha} (${numeric})` : numeric;
};

const maximumsSchema = z.record(z.string().regex(/^\d{3}$/), z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const currenciesSchema = z.array(z.string().regex(/^\d{3}$/));

/** What the operator saw and confirmed before changing production's maximum. */
export interface ProductionConfirmation {
  readonly environment: 'production';
  /** The maximum shown when confirming, in minor units; null where none was set. */
  readonly previous: number | null;
}

export interface ChargeLimitsOptions {
  readonly settings: SettingsRepository;
  readonly audit: AuditRepository;
  readonly osUser: string;
  /** The currencies the embedded sandbox accepts (ISO 4217 numeric codes). */
  readonly sandboxCurrencies: readonly string[];
  readonly now?: () => number;
}

export class ChargeLimits {
  private readonly now: () => number;

  /** The sandbox's currencies by letter code, as people look for them in a list. */
  private readonly sandboxCurrencies: readonly string[];

  constructor(private readonly options: ChargeLimitsOptions) {
    this.now = options.now ?? Date.now;
    const letters = (c: string) => currencyInfo(c).alpha ?? c;
    this.sandboxCurrencies = [...options.sandboxCurrencies].sort((a, b) => letters(a).localeCompare(letters(b)));
  }

  /** The currencies an environment accepts, and who says so. */
  accepted(
    environment: EnvironmentName,
    settings: SettingsReader = this.options.settings,
  ): { readonly from: CurrencySource; readonly currencies: readonly string[] } {
    if (environment === 'sandbox') return { from: 'sandbox', currencies: this.sandboxCurrencies };
    return { from: 'settings', currencies: settings.get(chargeLimitKeys(environment).currencies, currenciesSchema) ?? [] };
  }

  /** Every maximum set for an environment, by numeric currency code, in minor units. */
  maximums(environment: EnvironmentName, settings: SettingsReader = this.options.settings): Readonly<Record<string, number>> {
    return settings.get(chargeLimitKeys(environment).maximums, maximumsSchema) ?? {};
  }

  /**
   * What one charge in this currency may be in this environment: by the settings now, or as `settings`
   * holds them (those a charge's transaction read: GuardFacts.settings).
   */
  limit(environment: EnvironmentName, currency: string, settings: SettingsReader = this.options.settings): CurrencyLimit {
    const { from, currencies } = this.accepted(environment, settings);
    if (!currencies.includes(currency)) {
      return {
        kind: 'refused',
        reason:
          from === 'sandbox'
            ? phrase('limit.notInSandbox', {
                currency: currencyName(currency),
                accepted: currencies.map((c) => currencyInfo(c).alpha ?? c).join(', '),
              })
            : phrase('limit.notAccepted', { currency: currencyName(currency), environment: environmentWords(environment) }),
      };
    }
    const set = this.maximums(environment, settings)[currency];
    if (set !== undefined) return { kind: 'allowed', maximum: set, from: 'set' };
    if (environment === 'sandbox') {
      return { kind: 'allowed', maximum: SANDBOX_DEFAULT_MAXIMUM_MAJOR * 10 ** currencyInfo(currency).exponent, from: 'default' };
    }
    return {
      kind: 'refused',
      reason: phrase('limit.noMaximum', { currency: currencyName(currency), environment: environmentWords(environment) }),
    };
  }

  /**
   * Sets (or, with null, removes) an environment's maximum in a currency, in minor units. Production's
   * needs the confirmation, naming the maximum the operator saw; without it nothing changes.
   */
  setMaximum(environment: EnvironmentName, currency: string, maximum: number | null, confirmation?: ProductionConfirmation): void {
    const objectId = `${environment}/${currencyInfo(currency).alpha ?? currency}`;
    const refuse = this.refuser('chargeMaximum.change', objectId);
    if (maximum !== null && (!Number.isSafeInteger(maximum) || maximum <= 0)) refuse(phrase('limit.notPositive'));
    if (!this.accepted(environment).currencies.includes(currency)) {
      refuse(
        environment === 'sandbox'
          ? phrase('limit.sandboxRefuses', { currency: currencyName(currency) })
          : phrase('limit.addFirst', { currency: currencyName(currency), environment: environmentWords(environment) }),
      );
    }
    const maximums = this.maximums(environment);
    const before = maximums[currency] ?? null;
    const words = (m: number | null) => (m === null ? 'none' : formatMoney(m, currency, 'en', 'code'));
    const said = (m: number | null): Phrase | { minor: number; currency: string } =>
      m === null ? phrase('limit.none') : { minor: m, currency };
    if (environment === 'production') {
      if (confirmation?.environment !== 'production') refuse(phrase('limit.mustConfirm', { maximum: said(before) }));
      else if (confirmation.previous !== before)
        refuse(
          phrase('limit.confirmedStale', {
            currency: currencyName(currency),
            maximum: said(before),
            confirmed: said(confirmation.previous),
          }),
        );
    }
    const { [currency]: _old, ...others } = maximums;
    const change = `${words(before)} → ${words(maximum)}${environment === 'production' ? ' (confirmed)' : ''}`;
    this.options.audit.together(() => {
      this.options.settings.set(chargeLimitKeys(environment).maximums, maximum === null ? others : { ...others, [currency]: maximum });
      this.audit(
        { action: 'chargeMaximum.change', facts: { change } },
        'success',
        objectId,
        `per-charge maximum in ${environment}: ${change}`,
      );
    });
  }

  /** The approval thresholds of an environment, by currency and action (none set: no action needs a second person). */
  thresholds(environment: EnvironmentName): Thresholds {
    return this.options.settings.get(thresholdsKey(environment), thresholdsSchema) ?? {};
  }

  /**
   * Sets (or, with null, removes) the amount above which a refund or a manual charge in this currency needs a
   * second person's approval in this environment. Audited, a refused change too.
   */
  setThreshold(environment: EnvironmentName, currency: string, action: ApprovalAction, threshold: number | null): void {
    const objectId = `${environment}/${currencyInfo(currency).alpha ?? currency}/${action}`;
    const refuse = this.refuser('approvalThreshold.change', objectId);
    if (threshold !== null && (!Number.isSafeInteger(threshold) || threshold <= 0)) refuse(phrase('approval.notPositive'));
    // A charge's currency must be one the environment accepts; an order paid in another (through the payment page)
    // can still be refunded, so a refund's may be any ISO 4217 currency. Removing one is always allowed.
    const usable = action === 'refund' ? cc.number(currency) !== undefined : this.accepted(environment).currencies.includes(currency);
    if (threshold !== null && !usable) {
      refuse(phrase('approval.notAccepted', { currency: currencyName(currency), environment: environmentWords(environment) }));
    }
    const all = this.thresholds(environment);
    const { [action]: before, ...others } = all[currency] ?? {};
    const next = threshold === null ? others : { ...others, [action]: threshold };
    const { [currency]: _old, ...rest } = all;
    const words = (m: number | undefined | null) => (m === undefined || m === null ? 'none' : formatMoney(m, currency, 'en', 'code'));
    const change = `${action}: ${words(before)} → ${words(threshold)}`;
    this.options.audit.together(() => {
      this.options.settings.set(thresholdsKey(environment), Object.keys(next).length === 0 ? rest : { ...rest, [currency]: next });
      this.audit(
        { action: 'approvalThreshold.change', facts: { change } },
        'success',
        objectId,
        `approval threshold in ${environment}: ${change}`,
      );
    });
  }

  /** Lists the currencies a gateway environment accepts; the sandbox's are its own. Maximums of those left out go. */
  setAccepted(environment: EnvironmentName, currencies: readonly string[]): void {
    if (environment === 'sandbox') throw new ChargeLimitError(phrase('limit.sandboxFixed'));
    const unknown = currencies.filter((c) => !cc.number(c));
    if (unknown.length > 0) throw new ChargeLimitError(phrase('limit.notIso', { codes: unknown.join(', ') }));
    const next = [...new Set(currencies)];
    const before = this.accepted(environment).currencies;
    // A currency no longer accepted keeps no maximum: adding it again starts without one (fail closed).
    const maximums = this.maximums(environment);
    const dropped = Object.entries(maximums).filter(([c]) => !next.includes(c));
    const list = (cs: readonly string[]) => (cs.length === 0 ? 'none' : cs.map(currencyName).join(', '));
    const droppedWords = dropped.map(([c, m]) => `${formatMoney(m, c, 'en', 'code')} → none`).join(', ');
    const change = `${list(before)} → ${list(next)}${droppedWords ? `; per-charge maximums removed: ${droppedWords}` : ''}`;
    this.options.audit.together(() => {
      this.options.settings.set(chargeLimitKeys(environment).currencies, next);
      if (dropped.length > 0)
        this.options.settings.set(
          chargeLimitKeys(environment).maximums,
          Object.fromEntries(Object.entries(maximums).filter(([c]) => next.includes(c))),
        );
      this.audit({ action: 'currencies.change', facts: { change } }, 'success', environment, `accepted currencies: ${change}`);
    });
  }

  /** Refuses a change: audited as refused, with why, and thrown to the caller. */
  private refuser(action: 'chargeMaximum.change' | 'approvalThreshold.change', objectId: string): (reason: Phrase) => never {
    return (reason) => {
      const error = new ChargeLimitError(reason);
      this.audit({ action, facts: { reason: error.message } }, 'refused', objectId, error.message);
      throw error;
    };
  }

  private audit(event: AuditEvent, outcome: 'success' | 'refused', objectId: string, detail: string): void {
    this.options.audit.record({
      at: this.now(),
      osUser: this.options.osUser,
      environment: objectId.split('/')[0]!,
      ...event,
      outcome,
      objectType: 'settings',
      objectId,
      detail,
    });
  }
}
