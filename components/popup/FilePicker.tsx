/**
 * Pick or drop one audio file. The input stays a real, focusable file input (keyboard and screen
 * readers use it as is); the drop zone around it is a convenience for the mouse.
 */
import { useEffect, useId, useRef, useState, type DragEvent, type Ref } from 'react';
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

  /** The file chosen last: a read that fails for an earlier one says nothing. */
  const latest = useRef<File | null>(null);
  // A picker replaced (the form re-keys it for the next upload) says nothing of its files any more.
  useEffect(() => () => void (latest.current = null), []);
  /**
   * `input`: the file input it was chosen with. Chrome fires no `change` for the same file chosen
   * again, so the input lets go of a refused one: the same file, now finished or downloaded, can
   * be chosen again.
   */
  const take = (files: FileList | null, input?: HTMLInputElement) => {
    const file = files?.[0];
    if (!file) return;
    const refuse = (message: string) => {
      setError(message);
      onPick(null);
      if (input) input.value = '';
    };
    latest.current = file;
    if (files.length > 1) return refuse('Drop one recording at a time.');
    const check = checkFile(file);
    if (!check.ok) return refuse(check.message);
    setError(null);
    onPick({ file, contentType: check.contentType });
    // One byte read: a file Chrome cannot read (a cloud drive's file not on this computer, one
    // changed since) is said now, not after a minute of "could not be reached" retries.
    file
      .slice(0, 1)
      .arrayBuffer()
      .catch(() => {
        if (latest.current === file) refuse(`Primer could not read “${file.name}”. If it is in a cloud drive, make it available on this computer, then choose it again.`);
      });
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
        onChange={(event) => take(event.target.files, event.target)}
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
