/** What the parts of the charge limits share: the environments, a maximum in words. */
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import { formatAmount } from '../../format/money';
import { i18n } from '../../i18n';

export const ENVIRONMENTS: readonly EnvironmentName[] = ['sandbox', 'test', 'production', 'custom'];

/** The maximum in words, in the language shown (called while rendering). */
export const maximumWords = (c: CurrencyLimitView): string => {
  if (c.maximum === undefined) return i18n.t('settings:limits.none');
  const amount = formatAmount(c.maximum, c.exponent, c.alpha);
  return c.maximumFrom === 'default' ? i18n.t('settings:limits.sandboxDefault', { amount }) : amount;
};
