/** What the parts of Settings share: the environments and sections, a maximum and an approval threshold in words. */
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import type { ApprovalAction } from '../../../../main/domain/approvals';
import { formatAmount } from '../../format/money';
import { i18n } from '../../i18n';

export const ENVIRONMENTS: readonly EnvironmentName[] = ['sandbox', 'test', 'production', 'custom'];

/** The gateway environments, each with a connection of its own. */
const GATEWAYS = ['test', 'production', 'custom'] as const;
export type Gateway = (typeof GATEWAYS)[number];
export const isGateway = (s: Section): s is Gateway => (GATEWAYS as readonly string[]).includes(s);

/**
 * Settings in sections, one shown at a time (the page was taller than three screens, the credentials of
 * an environment below every currency row): what applies everywhere, each gateway environment, the limits,
 * the team database.
 */
export const SECTIONS = ['general', ...GATEWAYS, 'limits', 'team'] as const;
export type Section = (typeof SECTIONS)[number];
export const tabId = (s: Section) => `settings-tab-${s}`;
export const panelId = (s: Section) => `settings-section-${s}`;

/** The maximum in words, in the language shown (called while rendering). */
export const maximumWords = (c: CurrencyLimitView): string => {
  if (c.maximum === undefined) return i18n.t('settings:limits.none');
  const amount = formatAmount(c.maximum, c.exponent, c.alpha);
  return c.maximumFrom === 'default' ? i18n.t('settings:limits.sandboxDefault', { amount }) : amount;
};

/** An approval threshold in words, in the language shown (called while rendering). */
export const thresholdWords = (c: CurrencyLimitView, action: ApprovalAction): string => {
  const threshold = c.approvalThresholds[action];
  return threshold === undefined ? i18n.t('settings:limits.approval.none') : formatAmount(threshold, c.exponent, c.alpha);
};
