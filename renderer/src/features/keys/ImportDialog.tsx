import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigningKeysView } from '../../../../main/ipc/contract';
import { ApiError } from '../../api/client';
import { useUi } from '../../app/uiStore';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PRIVATE_KEY_PEM, CERTIFICATE_PEM, shortFingerprint } from './shared';
import { TextArea } from '../../components/TextArea';
import { useKeyImport } from '../../api/signingKeys';
import { FormDialog } from '../../components/FormDialog';
import { FileButton } from '../../components/FileButton';

/** The files offered for each half of the pair. */
const KEY_FILES = '.pem,.key,application/x-pem-file';
const CERTIFICATE_FILES = '.pem,.crt,.cer,application/x-pem-file';

export function ImportDialog({
  environment,
  onClose,
}: {
  readonly environment: SigningKeysView['environment'];
  readonly onClose: () => void;
}) {
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
    <FormDialog
      title={t('import.title')}
      onClose={onClose}
      onSubmit={() => {
        importPair.mutate({ privateKeyPem, certificatePem });
        // The private key is sent once: it leaves the page now, whatever main answers.
        setPrivateKeyPem('');
        setKeyFile(undefined);
        if (keyInput.current) keyInput.current.value = '';
      }}
      cancel={t('cancel')}
      submit={importPair.isPending ? t('import.pending') : t('import.submit')}
      submitDisabled={privateKeyPem.trim() === '' || certificatePem.trim() === '' || importPair.isPending}
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
        <FileButton
          className="file-button"
          label={t('import.chooseKeyFile')}
          accept={KEY_FILES}
          onFile={(file) => read(file, setPrivateKeyPem, setKeyFile)}
          inputRef={keyInput}
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
        <FileButton
          className="file-button"
          label={t('import.chooseCertificateFile')}
          accept={CERTIFICATE_FILES}
          onFile={(file) => read(file, setCertificatePem, setCertFile)}
        />
      </TextArea>
      {importPair.isError && !(importPair.error instanceof ApiError && importPair.error.fields) && (
        <ErrorNotice className="field-error" error={importPair.error} />
      )}
      {importPair.isError && <p className="hint">{t('import.cleared')}</p>}
    </FormDialog>
  );
}
