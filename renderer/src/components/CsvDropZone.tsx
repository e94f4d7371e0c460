/**
 * A text area for a CSV that can also be filled from a chosen or dropped file: the batch look-up and the
 * batch charges take their files the same way. The file is read as text in the page; nothing is uploaded.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileButton } from './FileButton';

/** The files offered: CSV, and plain text with one row a line. */
const CSV_FILES = '.csv,.txt,text/csv,text/plain';

export function CsvDropZone({
  label,
  text,
  onText,
}: {
  readonly label: string;
  readonly text: string;
  readonly onText: (text: string) => void;
}) {
  const id = useId();
  const { t } = useTranslation('components');
  const [fileName, setFileName] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const readFile = (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    void file.text().then(onText);
  };
  return (
    <div
      className={`dropzone${dragging ? ' dragging' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        readFile(e.dataTransfer.files[0]);
      }}
    >
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea id={`${id}-text`} rows={8} value={text} onChange={(e) => onText(e.target.value)} spellCheck={false} />
      <div className="dropzone-row">
        <FileButton label={t('csv.chooseFile')} accept={CSV_FILES} onFile={readFile} />
        <span className="muted">{fileName ? t('csv.read', { name: fileName }) : t('csv.dropHere')}</span>
      </div>
    </div>
  );
}
