/**
 * What the person who asked is told when their refund or charge is over its threshold: nothing was sent, it
 * awaits a second person's approval (main's words say over what), and where that happens.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Phrase } from '../../../../main/ipc/contract';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { say } from '../../i18n/say';
import { useMayCall } from '../session/offered';
import './approvals.css';

/** `batch`: a batch file's charges wait, to be run again once approved. */
export function AwaitingApproval({ why, batch = false }: { readonly why: Phrase | undefined; readonly batch?: boolean }) {
  const id = useId();
  const { t, i18n } = useTranslation('approvals');
  const open = useUi((s) => s.open);
  const mayOpen = useMayCall('approvals.list');
  return (
    <section className="panel warning-panel awaiting-approval" role="status" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('awaiting.heading')}</h2>
      {why && <p>{say(i18n, why)}</p>}
      <p>{t(batch ? 'awaiting.batchNote' : 'awaiting.note')}</p>
      {mayOpen && <Button onClick={() => open('approvals')}>{t('awaiting.open')}</Button>}
    </section>
  );
}
