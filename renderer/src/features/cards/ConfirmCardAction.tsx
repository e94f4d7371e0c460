import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useStoredCardChange } from '../../api/storedCards';
import { useUi } from '../../app/uiStore';
import { Id } from '../../components/Id';
import { Field } from '../../components/Field';
import { ErrorNotice } from '../../components/ErrorNotice';
import { cardWords, type Confirming, currentYearMonth } from './shared';
import { CardText, expiryWords } from './CardText';
import { FormDialog } from '../../components/FormDialog';
import { Term } from '../../components/Term';

export function ConfirmCardAction({
  confirming: { action, card },
  onClose,
  onDone,
}: {
  readonly confirming: Confirming;
  readonly onClose: () => void;
  readonly onDone: () => void;
}) {
  const { t } = useTranslation('cards');
  const toast = useUi((s) => s.toast);
  const [expiry, setExpiry] = useState('');
  const newExpiry = expiry.trim();
  const run = useStoredCardChange((r) => {
    const name = cardWords(r.card);
    toast(
      'success',
      r.change === 'disable'
        ? t('done.disable', { name })
        : r.change === 'enable'
          ? t(r.listedByGateway ? 'done.enableListed' : 'done.enable', { name })
          : t('done.extend', { name, expiry: expiryWords(r.card.expiry) }),
    );
    onDone();
  });
  const send = () =>
    run.mutate(action === 'extend' ? { action, bindingId: card.bindingId, newExpiry } : { action, bindingId: card.bindingId });
  const expiryError = run.error instanceof ApiError ? run.error.fieldMessage('newExpiry') : undefined;
  const expiryShape = newExpiry === '' || /^\d{4}(0[1-9]|1[0-2])$/.test(newExpiry) ? undefined : t('expiryShape');
  // Said as it is typed, not after the button: main refuses a past month too (the IPC contract), by the same UTC month.
  const thisMonth = currentYearMonth();
  const expiryPast =
    newExpiry !== '' && !expiryShape && newExpiry < thisMonth
      ? t('expiryPast', { expiry: expiryWords(newExpiry), earliest: expiryWords(thisMonth) })
      : undefined;
  const expiryProblem = expiryShape ?? expiryPast;
  const name = cardWords(card);

  return (
    <FormDialog
      title={t(`dialog.${action}`)}
      onClose={onClose}
      lead={
        <dl className="confirm-card">
          <Term label={t('confirm.client')}>{card.clientId !== undefined ? <Id value={card.clientId} /> : t('confirm.clientUnknown')}</Term>
          <Term label={t('confirm.card')}>
            <CardText card={card} />
          </Term>
          <Term label={t('confirm.category')}>{t(`category.${card.category}`)}</Term>
          <Term label={t('confirm.bindingId')} className="mono id-value">
            <Id value={card.bindingId} />
          </Term>
        </dl>
      }
      onSubmit={() => {
        if (action !== 'extend' || (newExpiry !== '' && !expiryProblem)) send();
      }}
      cancel={t('confirm.cancel')}
      submit={
        run.isPending
          ? t('confirm.working')
          : action === 'disable'
            ? t('confirm.disableCard', { name })
            : action === 'enable'
              ? t('confirm.enableCard', { name })
              : t('confirm.extendTo', { expiry: newExpiry !== '' && !expiryProblem ? expiryWords(newExpiry) : '…' })
      }
      variant={action === 'disable' ? 'danger' : 'primary'}
      submitDisabled={run.isPending || (action === 'extend' && (newExpiry === '' || expiryProblem !== undefined))}
    >
      {action === 'disable' && <p className="confirm-summary">{t('confirm.disable')}</p>}
      {action === 'enable' && <p className="confirm-summary">{t('confirm.enable')}</p>}
      {action === 'extend' && (
        <>
          <Field
            label={t('confirm.newExpiry')}
            value={expiry}
            onChange={(e) => {
              setExpiry(e.target.value);
              run.reset();
            }}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('confirm.newExpiryPlaceholder')}
            hint={t('confirm.newExpiryHint')}
            error={expiryProblem ?? expiryError}
          />
          <p className="confirm-summary">
            {newExpiry !== '' && !expiryProblem
              ? t('confirm.expiryChanges', { from: expiryWords(card.expiry), to: expiryWords(newExpiry) })
              : t('confirm.expiryNow', { expiry: expiryWords(card.expiry) })}
          </p>
        </>
      )}
      {run.isError && !expiryError && <ErrorNotice className="field-error" error={run.error} />}
    </FormDialog>
  );
}
