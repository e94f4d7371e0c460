/**
 * The person signed in, in the top bar: their name and role on a button that opens what only they do at this
 * desk: lock it (stepping away), sign out, change their own password, enrol in two-factor sign-in or remove it; and under them, how long the desk may
 * sit idle before it locks by itself (the administrator's setting, in Settings). A menu rather than three
 * buttons, so that the top bar keeps to one line at 1024 px in Russian too. Escape or a click elsewhere closes it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonView } from '../../../../main/ipc/contract';
import { useLock, useSignOut } from '../../api/session';
import { useErrorToast } from '../../components/useErrorToast';
import { ROLE_LABELS } from './access';
import { ChangePassword } from './ChangePassword';
import { EnrolDialog } from '../twoFactor/EnrolDialog';
import { RemoveTwoFactor } from '../twoFactor/RemoveTwoFactor';
import './session.css';

export function PersonControl({ person, idleMinutes }: { readonly person: PersonView; readonly idleMinutes: number }) {
  const { t } = useTranslation('session');
  const id = useId();
  const toastError = useErrorToast();
  const [open, setOpen] = useState(false);
  const [changing, setChanging] = useState(false);
  const [twoFactor, setTwoFactor] = useState(false);
  const lock = useLock({ onError: toastError });
  const signOut = useSignOut({ onError: toastError });
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const act = (run: () => void) => () => {
    setOpen(false);
    run();
  };
  return (
    <div className="person" role="group" aria-label={t('person.label')} ref={box}>
      <button
        type="button"
        className="btn btn-ghost person-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="person-name">{person.displayName}</span>
        <span className={`badge person-role role-${person.role}`}>{ROLE_LABELS[person.role]}</span>
      </button>
      <div id={`${id}-menu`} className="person-menu" hidden={!open}>
        <button type="button" className="btn btn-ghost" onClick={act(() => lock.mutate())} disabled={lock.isPending}>
          {t('person.lock')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={act(() => signOut.mutate())} disabled={signOut.isPending}>
          {t('person.signOut')}
        </button>
        <button type="button" className="btn btn-ghost" aria-haspopup="dialog" onClick={act(() => setChanging(true))}>
          {t('person.changePassword')}
        </button>
        <button type="button" className="btn btn-ghost" aria-haspopup="dialog" onClick={act(() => setTwoFactor(true))}>
          {person.twoFactor ? t('remove.menu', { ns: 'twoFactor' }) : t('enrol.menu', { ns: 'twoFactor' })}
        </button>
        <p className="person-menu-note">{t('person.idle', { count: idleMinutes })}</p>
      </div>
      {changing && <ChangePassword onClose={() => setChanging(false)} />}
      {twoFactor &&
        (person.twoFactor ? <RemoveTwoFactor onClose={() => setTwoFactor(false)} /> : <EnrolDialog onClose={() => setTwoFactor(false)} />)}
    </div>
  );
}
