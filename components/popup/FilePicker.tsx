/**
 * Pick or drop one audio file. The input stays a real, focusable file input (keyboard and screen
 * readers use it as is); the drop zone around it is a convenience for the mouse.
 */
import { useId, useState, type DragEvent, type Ref } from 'react';
import { checkFile, formatBytes } from '@/lib/upload/file-check';

export interface PickedFile {
  file: File;
  contentType: string;
}

interface FilePickerProps {
  picked: PickedFile | null;
  onPick: (picked: PickedFile | null) => void;
  disabled?: boolean;
  /** The form's own problem with the choice ("Choose a recording first."), said with the input. */
  problem?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  /** What the user should know about the file picked (it was uploaded before), said with the input. */
  note?: string | null;
}

export function FilePicker({ picked, onPick, disabled = false, problem = null, inputRef, note = null }: FilePickerProps) {
  const inputId = useId();
  const statusId = useId();
  const noteId = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const problemId = useId();
  const invalid = error !== null || problem !== null;

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (files.length > 1) {
      setError('Drop one recording at a time.');
      onPick(null);
      return;
    }
    const check = checkFile(file);
    setError(check.ok ? null : check.message);
    onPick(check.ok ? { file, contentType: check.contentType } : null);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <div
      className={`drop-zone${dragging ? ' drop-zone--over' : ''}${invalid ? ' drop-zone--error' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label htmlFor={inputId} className="drop-zone__label">
        Recording
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="audio/*,.m4a,.mp3,.wav,.ogg,.opus,.flac,.aac,.webm"
        disabled={disabled}
        aria-describedby={[statusId, note ? noteId : null, problem ? problemId : null].filter(Boolean).join(' ')}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => take(event.target.files)}
      />
      <p id={statusId} className={error ? 'ui-error' : 'ui-hint'} role={error ? 'alert' : undefined}>
        {error ??
          (picked
            ? `${picked.file.name} · ${formatBytes(picked.file.size)} · ${picked.contentType}`
            : 'Choose an audio file, or drop it here.')}
      </p>
      {note ? (
        <p id={noteId} className="ui-hint">
          {note}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className="ui-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
