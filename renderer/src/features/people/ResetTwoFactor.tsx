/**
 * An administrator resets a person's two-factor sign-in (a lost phone, no recovery code left), once confirmed:
 * they sign in with their password alone until they enrol again. Main audits it.
 */
import { useTranslation } from 'react-i18next';
import type { PersonView } from '../../../../main/ipc/contract';
import { usePersonResetTwoFactor } from '../../api/people';
import { useUi } from '../../app/uiStore';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FormDialog } from '../../components/FormDialog';

export function ResetTwoFactor({ person, onClose }: { readonly person: PersonView; readonly onClose: () => void }) {
  const { t } = useTranslation('twoFactor');
  const toast = useUi((s) => s.toast);
  const reset = usePersonResetTwoFactor({
    onSuccess: (p) => {
      toast('success', t('reset.done', { name: p.displayName }));
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('reset.title', { login: person.login })}
      lead={<p>{t('reset.lead', { name: person.displayName })}</p>}
      onClose={onClose}
      busy={reset.isPending}
      onSubmit={() => {
        if (!reset.isPending) reset.mutate({ id: person.id });
      }}
      cancel={t('reset.cancel')}
      cancelFocused
      cancelDisabled={reset.isPending}
      variant="danger"
      submit={reset.isPending ? t('reset.resetting') : t('reset.submit')}
      submitDisabled={reset.isPending}
    >
      {reset.isError && <ErrorNotice className="field-error" error={reset.error} />}
    </FormDialog>
  );
}
