/**
 * Ending a person's sessions at every desk (a lost laptop, a screen left signed in), once confirmed: main ends
 * them at this desk at once and at the team's others when they hear, and audits it. They may sign in again;
 * to keep them out, disable them instead. Ending one's own signs one out here too.
 */
import { useTranslation } from 'react-i18next';
import type { PersonView } from '../../../../main/ipc/contract';
import { usePersonEndSessions } from '../../api/people';
import { useUi } from '../../app/uiStore';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FormDialog } from '../../components/FormDialog';

export function EndSessions({
  person,
  own,
  onClose,
}: {
  readonly person: PersonView;
  /** The person is the one signed in here. */
  readonly own: boolean;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const toast = useUi((s) => s.toast);
  const end = usePersonEndSessions({
    onSuccess: (p) => {
      toast('success', t('endSessions.ended', { name: p.displayName }));
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('endSessions.title', { login: person.login })}
      lead={<p>{own ? t('endSessions.leadOwn') : t('endSessions.lead', { name: person.displayName })}</p>}
      onClose={onClose}
      busy={end.isPending}
      onSubmit={() => {
        if (!end.isPending) end.mutate({ id: person.id });
      }}
      cancel={t('endSessions.cancel')}
      cancelFocused
      cancelDisabled={end.isPending}
      variant="danger"
      submit={end.isPending ? t('endSessions.ending') : t('endSessions.submit')}
      submitDisabled={end.isPending}
    >
      {end.isError && <ErrorNotice className="field-error" error={end.error} />}
    </FormDialog>
  );
}
