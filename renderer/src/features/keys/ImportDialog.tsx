import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigningKeysView } from '../../../../main/ipc/contract';
import { ApiError } from '../../api/client';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PRIVATE_KEY_PEM, CERTIFICATE_PEM, shortFingerprint } from './shared';
import { TextArea } from './TextArea';
import { useKeyImport } from '../../api/signingKeys';

export function ImportDialog({
  environment,
  onClose,
}: {
  readonly environment: SigningKeysView['environment'];
  readonly onClose: () => void;
}) {
  const id = useId();
  const { t } = useTranslation('keys');
  const toast = useUi((s) => s.toast);
  const [privateKeyPem, setPrivateKeyPem] = useState('');
  const [certificatePem, setCertificatePem] = useState('');
  const [keyFile, setKeyFile] = useState<string>();
  const [certFile, setCertFile] = useState<string>();
  const keyInput = useRef<HTMLInputElement>(null);
  const importPair = useKeyImport({
    onSuccess: (key) => {
      toast('success', t('import.done', { fingerprint: shortFingerprint(key.fingerprint256), subject: key.subject }));
      onClose();
    },
  });
  const fieldError = (path: string) => (importPair.error instanceof ApiError ? importPair.error.fieldMessage(path) : undefined);
  const privateKeyError = fieldError('privateKeyPem');
  const certificateError = fieldError('certificatePem');
  const read = (file: File | undefined, set: (text: string) => void, setName: (name: string) => void) => {
    if (!file) return;
    setName(file.name);
    void file.text().then(set);
  };

  return (
    <Dialog title={t('import.title')} open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          importPair.mutate({ privateKeyPem, certificatePem });
          // The private key is sent once: it leaves the page now, whatever main answers.
          setPrivateKeyPem('');
          setKeyFile(undefined);
          if (keyInput.current) keyInput.current.value = '';
        }}
      >
        <p>{t('import.intro', { environment: t(`environment.${environment}`) })}</p>
        <TextArea
          label={t('import.privateKey')}
          rows={5}
          value={privateKeyPem}
          onChange={(e) => setPrivateKeyPem(e.target.value)}
          autoComplete="off"
          placeholder={PRIVATE_KEY_PEM}
          hint={keyFile ? t('import.read', { name: keyFile }) : t('import.pasteOrChoose')}
          error={privateKeyError}
        >
          <label htmlFor={`${id}-keyfile`} className="btn btn-secondary file-button">
            {t('import.chooseKeyFile')}
          </label>
          <input
            id={`${id}-keyfile`}
            ref={keyInput}
            className="visually-hidden"
            type="file"
            accept=".pem,.key,application/x-pem-file"
            onChange={(e) => read(e.target.files?.[0], setPrivateKeyPem, setKeyFile)}
          />
        </TextArea>
        <TextArea
          label={t('import.certificate')}
          rows={5}
          value={certificatePem}
          onChange={(e) => setCertificatePem(e.target.value)}
          placeholder={CERTIFICATE_PEM}
          hint={certFile ? t('import.read', { name: certFile }) : t('import.pasteOrChoose')}
          error={certificateError}
        >
          <label htmlFor={`${id}-certfile`} className="btn btn-secondary file-button">
            {t('import.chooseCertificateFile')}
          </label>
          <input
            id={`${id}-certfile`}
            className="visually-hidden"
            type="file"
            accept=".pem,.crt,.cer,application/x-pem-file"
            onChange={(e) => read(e.target.files?.[0], setCertificatePem, setCertFile)}
          />
        </TextArea>
        {importPair.isError && !(importPair.error instanceof ApiError && importPair.error.fields) && (
          <ErrorNotice className="field-error" error={importPair.error} />
        )}
        {importPair.isError && <p className="hint">{t('import.cleared')}</p>}
        <div className="dialog-buttons">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="primary"
            disabled={privateKeyPem.trim() === '' || certificatePem.trim() === '' || importPair.isPending}
          >
            {importPair.isPending ? t('import.pending') : t('import.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
