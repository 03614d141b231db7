/**
 * The upload form: a recording, its title, when the meeting was, how many speakers, and whom it is
 * with. Nothing is sent until the file fits (FilePicker). Starting hands the file to the background
 * through IndexedDB and asks it to run the upload, which then goes on whatever happens to this page.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { LiveRegion } from '@/components/ui/Message';
import { TextField } from '@/components/ui/TextField';
import { normaliseEmail } from '@/lib/api/contact-index';
import { sendRequest } from '@/lib/messaging/send';
import type { UploadDraft } from '@/lib/upload/draft';
import { deleteUploadFile, saveUploadFile } from '@/lib/upload/file-store';
import type { UploadMeta } from '@/lib/upload/record';
import { toErrorInfo } from '@/lib/api/error-info';
import { ContactChoice, NO_ONE, SOMEONE_ELSE } from './ContactChoice';
import { fromLocalInput, toLocalInput } from './date-input';
import { FilePicker, type PickedFile } from './FilePicker';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Weekly sync.m4a" → "Weekly sync". */
export function titleFromFileName(name: string): string {
  const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return stem || name;
}

interface Problems {
  file?: string;
  date?: string;
  speakers?: string;
  contact?: string;
  form?: string;
}

export function UploadForm({ draft, onStarted }: { draft: UploadDraft; onStarted: (title: string) => void }) {
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [title, setTitle] = useState<string | null>(null);
  const [when, setWhen] = useState(() => toLocalInput(draft.meetingDate ? new Date(draft.meetingDate) : new Date()));
  const [speakers, setSpeakers] = useState(draft.speakersExpected === null ? '' : String(draft.speakersExpected));
  const [choice, setChoice] = useState(draft.primaryContactId ?? NO_ONE);
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState<string | null>(null);

  const defaultTitle = draft.title ?? (picked ? titleFromFileName(picked.file.name) : '');
  const shownTitle = title ?? defaultTitle;

  const primaryContact = async (): Promise<{ id: string; name: string } | null | 'unknown'> => {
    const byEmail = draft.contacts.length === 0 || choice === SOMEONE_ELSE;
    if (!byEmail) return draft.contacts.find((contact) => contact.id === choice) ?? null;
    const address = normaliseEmail(email);
    if (address === '') return null;
    // Exact address only: a recording is never tied to a guessed person.
    const match = await sendRequest('contact.find', { email: address });
    return match ? { id: match.contact.id, name: match.contact.name ?? match.contact.email ?? address } : 'unknown';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (!picked) found.file = 'Choose a recording first.';
    const meetingDate = fromLocalInput(when);
    if (!meetingDate) found.date = 'Enter the date and time of the meeting.';
    const speakerCount = speakers.trim() === '' ? null : Number(speakers);
    if (speakerCount !== null && !(Number.isInteger(speakerCount) && speakerCount >= 1 && speakerCount <= 100)) {
      found.speakers = 'Enter a whole number from 1 to 100, or leave it empty.';
    }
    const byEmail = draft.contacts.length === 0 || choice === SOMEONE_ELSE;
    if (byEmail && email.trim() !== '' && !LOOKS_LIKE_EMAIL.test(normaliseEmail(email))) {
      found.contact = 'Enter a full e-mail address, like name@company.com, or leave it empty.';
    }
    setProblems(found);
    if (!picked || !meetingDate || Object.keys(found).length > 0) return;

    const id = crypto.randomUUID();
    try {
      setBusy('Looking up the contact…');
      const contact = await primaryContact();
      if (contact === 'unknown') {
        setProblems({ contact: `No contact has the address ${normaliseEmail(email)}. Check it, or leave the field empty.` });
        return;
      }
      setBusy('Preparing the file…');
      await saveUploadFile(id, picked.file);
      const meta: UploadMeta = {
        title: shownTitle.trim() || titleFromFileName(picked.file.name),
        meetingDate,
        speakersExpected: speakerCount,
        primaryContactId: contact?.id ?? null,
        primaryContactName: contact?.name ?? null,
      };
      await sendRequest('upload.start', {
        id,
        file: { name: picked.file.name, size: picked.file.size, type: picked.contentType },
        meta,
      });
      onStarted(meta.title);
      setPicked(null);
      setPickerKey((key) => key + 1);
      setTitle(null);
    } catch (error) {
      void deleteUploadFile(id).catch(() => undefined);
      setProblems({ form: toErrorInfo(error).message });
    } finally {
      setBusy(null);
    }
  };

  const disabled = busy !== null;
  return (
    <form className="upload-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={disabled}>
      <FilePicker key={pickerKey} picked={picked} onPick={setPicked} disabled={disabled} />
      {problems.file ? <p className="ui-error">{problems.file}</p> : null}
      <TextField
        label="Title"
        value={shownTitle}
        onValueChange={setTitle}
        placeholder="The file’s name"
        maxLength={500}
        disabled={disabled}
      />
      <TextField
        label="Meeting date"
        type="datetime-local"
        value={when}
        onValueChange={setWhen}
        error={problems.date ?? null}
        disabled={disabled}
      />
      <TextField
        label="Speakers expected"
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        value={speakers}
        onValueChange={setSpeakers}
        error={problems.speakers ?? null}
        hint={speakers === '' ? 'Optional; helps the service tell voices apart.' : undefined}
        disabled={disabled}
      />
      <ContactChoice
        contacts={draft.contacts}
        choice={choice}
        email={email}
        onChoice={setChoice}
        onEmail={setEmail}
        error={problems.contact ?? null}
        disabled={disabled}
      />
      <div className="upload-form__actions">
        <Button type="submit" disabled={disabled}>
          Upload
        </Button>
        <span className="ui-hint" aria-live="polite">
          {busy}
        </span>
      </div>
      <LiveRegion role="alert" tone="error">
        {problems.form}
      </LiveRegion>
    </form>
  );
}
