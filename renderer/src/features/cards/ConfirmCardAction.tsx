import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useStoredCardChange } from '../../api/storedCards';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Id } from '../../components/Id';
import { Field } from '../../components/Field';
import { ErrorNotice } from '../../components/ErrorNotice';
import { cardWords, type Confirming, currentYearMonth } from './shared';
import { CardText, expiryWords } from './CardText';

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
    <Dialog title={t(`dialog.${action}`)} open onClose={onClose}>
      <dl className="confirm-card">
        <dt>{t('confirm.client')}</dt>
        <dd>{card.clientId !== undefined ? <Id value={card.clientId} /> : t('confirm.clientUnknown')}</dd>
        <dt>{t('confirm.card')}</dt>
        <dd>
          <CardText card={card} />
        </dd>
        <dt>{t('confirm.category')}</dt>
        <dd>{t(`category.${card.category}`)}</dd>
        <dt>{t('confirm.bindingId')}</dt>
        <dd className="mono id-value">
          <Id value={card.bindingId} />
        </dd>
      </dl>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (action !== 'extend' || (newExpiry !== '' && !expiryProblem)) send();
        }}
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
        <div className="dialog-buttons">
          <Button onClick={onClose}>{t('confirm.cancel')}</Button>
          <Button
            type="submit"
            variant={action === 'disable' ? 'danger' : 'primary'}
            disabled={run.isPending || (action === 'extend' && (newExpiry === '' || expiryProblem !== undefined))}
          >
            {run.isPending
              ? t('confirm.working')
              : action === 'disable'
                ? t('confirm.disableCard', { name })
                : action === 'enable'
                  ? t('confirm.enableCard', { name })
                  : t('confirm.extendTo', { expiry: newExpiry !== '' && !expiryProblem ? expiryWords(newExpiry) : '…' })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
