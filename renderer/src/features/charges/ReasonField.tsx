/**
 * The reason a person gives the second person, should what they ask be above its approval threshold (a charge from
 * the form, a batch's charges together): kept with the request and in the audit; main refuses one too long.
 */
import { useTranslation } from 'react-i18next';
import { MAX_REQUEST_REASON } from '../../../../main/domain/approvals';
import { Field } from '../../components/Field';
import { i18n } from '../../i18n';

/** Why the reason cannot be sent, in words, or undefined when it can. */
export const reasonProblem = (reason: string): string | undefined =>
  reason.trim().length > MAX_REQUEST_REASON ? i18n.t('charges:form.reasonTooLong', { max: MAX_REQUEST_REASON }) : undefined;

export function ReasonField({
  value,
  onChange,
  hint,
}: {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly hint: string;
}) {
  const { t } = useTranslation('charges');
  return (
    <Field
      label={t('form.reasonLabel')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={MAX_REQUEST_REASON + 20}
      autoComplete="off"
      hint={hint}
      error={reasonProblem(value)}
    />
  );
}
