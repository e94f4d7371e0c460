/** Enrolling in two-factor sign-in from the person's menu: the enrolment in a dialog, closed once confirmed. */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { Enrolment } from './Enrolment';

export function EnrolDialog({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation('twoFactor');
  return (
    <Dialog title={t('enrol.title')} open onClose={onClose}>
      <p>{t('enrol.lead')}</p>
      <Enrolment onCancel={onClose} onDone={onClose} />
    </Dialog>
  );
}
