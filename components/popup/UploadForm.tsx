/**
 * The upload form: a recording, its title, when the meeting was, how many speakers, and whom it is
 * with. Nothing is sent until the file fits (FilePicker). Upload hands the picked File itself to
 * the context that sends it (lib/upload/hand-over.ts), in the same task as the click: from then on
 * the upload goes on whatever happens to this page, which may close at once.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { LiveRegion } from '@/components/ui/Message';
import { TextField } from '@/components/ui/TextField';
import { useRefusalSaid } from '@/components/ui/useRefusalSaid';
import { normaliseEmail as matchedForm } from '@/lib/api/contact-index';
import { addressIn } from '@/lib/format/typed-address';
import { sendRequest } from '@/lib/messaging/send';
import { watchSettings } from '@/lib/storage/settings-change';
import { leftOutBy, readPreferences } from '@/lib/storage/preferences';
import type { UploadDraft } from '@/lib/upload/draft';
import { handOverFile } from '@/lib/upload/hand-over';
import { CONTACT_NAME_MAX_LENGTH, TITLE_MAX_LENGTH, type UploadMeta, type UploadRecord } from '@/lib/upload/record';
import { ApiError, toErrorInfo } from '@/lib/api/error-info';
import { ContactChoice, NO_ONE, SOMEONE_ELSE } from './ContactChoice';
import { dateProblem, fromLocalInput, inputRange, toLocalInput } from './date-input';
import { continueInTab, filesNeedATab } from './file-in-tab';
import { FilePicker, type PickedFile } from './FilePicker';
import { fitTitle } from './fit-title';
import { sameFileNote } from './upload-text';
import { useFormMemory } from './useFormMemory';
import { formAbout } from '@/lib/upload/form-memory';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * The address typed or pasted for someone else, read as the side panel's search reads it (without
 * direction marks, out of a `mailto:` link or "Name <address>"); else the text itself, trimmed and
 * lowercased, for the form to check.
 */
function normaliseEmail(typed: string): string {
  return addressIn(typed) ?? matchedForm(typed);
}
/** How long after the last keystroke an address typed for someone else is looked up. */
const LOOK_AHEAD_MS = 600;
/** The receiver is held ready for a minute per request (transport.ts); renewed well before that. */
const PREPARE_EVERY_MS = 30_000;

function prepare(): Promise<unknown> {
  return sendRequest('upload.prepare', {});
}

/**
 * While the form is open, the context that receives recordings is kept ready, so Upload can hand
 * the file over at once, without a round trip the closing popup might not live through.
 */
function useReceiverReady(): void {
  useEffect(() => {
    void prepare().catch(() => undefined);
    const timer = setInterval(() => void prepare().catch(() => undefined), PREPARE_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
}

/** "Weekly sync.m4a" → "Weekly sync". */
export function titleFromFileName(name: string): string {
  const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return stem || name;
}

const NO_CONTACTS: UploadDraft['contacts'] = [];
const SETTINGS_CHANGED_NOTE = 'Primer’s settings changed since this form opened, so the meeting’s contacts are no longer offered. Enter the primary contact’s e-mail to find them with the new settings.';

type Contact = { id: string; name: string; matchedBy?: 'name' } | null;
/** No contact for a typed address: none (or several) has it, or it is one Primer leaves out. */
type NoContact = 'unknown' | 'left-out';

interface Problems {
  file?: string;
  date?: string;
  speakers?: string;
  contact?: string;
  form?: string;
}

/** An upload the form handed over: its record's id, and the title it goes by. */
export interface StartedUpload {
  id: string;
  title: string;
}

interface UploadFormProps {
  draft: UploadDraft;
  onStarted: (started: StartedUpload) => void;
  /**
   * Why an upload cannot work now (the service refused the key: upload-blocked.ts), said at the top
   * of the form and with Upload, which starts nothing meanwhile; null when it may.
   */
  blocked?: string | null;
  /** The uploads in the list, to say when the file picked was uploaded before. */
  uploads?: readonly UploadRecord[];
  /** The settings changed since the draft was read (a form opened again after the key was removed): its contacts are not offered. */
  contactsStaleFromStart?: boolean;
}

export function UploadForm({ draft, onStarted, blocked = null, uploads = [], contactsStaleFromStart = false }: UploadFormProps) {
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [title, setTitle] = useState<string | null>(null);
  const [startWhen] = useState(() => toLocalInput(draft.meetingDate ? new Date(draft.meetingDate) : new Date()));
  const [when, setWhen] = useState(startWhen);
  // The page's time was not read, and the date is still the one the form started from (now).
  const whenUnread = draft.unreadWhen !== undefined && when === startWhen;
  const [speakers, setSpeakers] = useState(draft.speakersExpected === null ? '' : String(draft.speakersExpected));
  const [choice, setChoice] = useState(
    draft.otherEmail && draft.contacts.length > 0 ? SOMEONE_ELSE : contactsStaleFromStart ? NO_ONE : (draft.primaryContactId ?? NO_ONE),
  );
  /**
   * The meeting's contacts were matched under the settings in effect when the form opened: their
   * ids are that service's and account's. Once the address or key changes (the form in a tab stays
   * open meanwhile), such an id is someone else there, or no one: they are no longer offered.
   */
  const [contactsStale, setContactsStale] = useState(contactsStaleFromStart);
  const contacts = contactsStale ? NO_CONTACTS : draft.contacts;
  const [email, setEmail] = useState(draft.otherEmail ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState<string | null>(null);
  const submitting = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  /**
   * The control that had the focus when the upload began (Enter in a field): the fields are
   * disabled while it starts, and a disabled field loses the focus to the document.
   */
  const focusBack = useRef<HTMLElement | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const inTabRef = useRef<HTMLButtonElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const speakersRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const contactSelectRef = useRef<HTMLSelectElement>(null);
  /** The focus was on the contact select when the settings changed: it goes to the e-mail field that replaces it. */
  const focusEmail = useRef(false);
  const blockedId = useId();
  const inTabHintId = useId();
  const inTabProblemId = useId();
  const needsTab = useFilesNeedATab();
  useReceiverReady();
  // The popup closes whenever it loses focus: what was typed comes back when it opens again.
  // A date left as the form started it is kept as none: opened again, the form starts afresh (and
  // still says when the page's time was not read), rather than take the last opening's "now" as set.
  useFormMemory(formAbout(draft), { title, when: when === startWhen ? '' : when, speakers, choice, email }, (kept) => {
    setTitle(kept.title);
    if (kept.when !== '') setWhen(kept.when);
    setSpeakers(kept.speakers);
    if (kept.choice === NO_ONE || kept.choice === SOMEONE_ELSE || contacts.some((contact) => contact.id === kept.choice)) setChoice(kept.choice);
    setEmail(kept.email);
  });
  /**
   * The id of an upload whose hand-over failed without saying whether it started (a timeout): sent
   * again with the same file and details, it is the same upload (the receiver returns it as it
   * stands), not a second recording at the service.
   */
  const unsure = useRef<{ id: string; file: File; meta: string } | null>(null);

  /** A new choice of file answers "Choose a recording first." (its own problems are the picker's). */
  const pick = (next: PickedFile | null) => {
    setPicked(next);
    setProblems(({ file: _answered, ...rest }) => rest);
  };
  /**
   * The first field the user must fix gets the focus, so its message is read with it; once the
   * form is enabled again (an address looked up in vain is known only after a wait). Enter in that
   * very field moves no focus, so its message is said instead.
   */
  const fixFirst = useRef<Problems | null>(null);
  const { pointAt, region: refusalSaid } = useRefusalSaid();
  const focusFirst = (found: Problems) => {
    fixFirst.current = found;
  };
  useEffect(() => {
    const found = fixFirst.current;
    if (!found || busy !== null) return;
    fixFirst.current = null;
    const [first, message] = found.file
      ? [needsTab ? inTabRef : fileRef, found.file]
      : found.date
        ? [dateRef, found.date]
        : found.speakers
          ? [speakersRef, found.speakers]
          : found.contact
            ? [emailRef, found.contact]
            : [null, ''];
    if (first) pointAt(first.current, message);
  }, [problems, busy, needsTab, pointAt]);

  // An event's title (or a file's name) may be longer than an upload takes: the form starts from
  // one that fits, which the user can edit, rather than from one its own check would refuse.
  const fullTitle = draft.title ?? (picked ? titleFromFileName(picked.file.name) : '');
  const defaultTitle = fitTitle(fullTitle);
  const shownTitle = title ?? defaultTitle;
  const shortened = title === null && defaultTitle !== fullTitle;

  /** Known without asking anyone (chosen from the meeting, or none): no wait before the hand-over. */
  const contactAtHand = (): Contact | undefined => {
    const byEmail = contacts.length === 0 || choice === SOMEONE_ELSE;
    if (!byEmail) return contacts.find((contact) => contact.id === choice) ?? null;
    const address = normaliseEmail(email);
    if (address === '') return null;
    // "No such contact" is asked again at Upload (one may have been added since), and said then.
    const ahead = typedAhead.get(address);
    return ahead === 'unknown' || ahead === 'left-out' ? undefined : ahead;
  };
  const lookUp = async (address: string): Promise<Contact | NoContact> => {
    // The user's own addresses and excluded domains are never sent to the service (the background
    // refuses them too, as "no contact": said here for what it is).
    if (leftOutBy(address, await readPreferences()) !== null) return 'left-out';
    // Exact address only: a recording is never tied to a guessed person.
    const match = await sendRequest('contact.find', { email: address });
    return match ? { id: match.contact.id, name: match.contact.name ?? match.contact.email ?? address } : 'unknown';
  };
  const contactByEmail = (): Promise<Contact | NoContact> => lookUp(normaliseEmail(email));
  /** Who the typed address was found to be, for the field to say (null: not looked up yet). */
  const foundAhead = (): { name: string } | NoContact | null => {
    const ahead = typedAhead.get(normaliseEmail(email));
    return ahead === undefined || ahead === null ? null : ahead === 'unknown' || ahead === 'left-out' ? ahead : { name: ahead.name };
  };
  /**
   * Addresses typed for someone else, looked up as the user types (a moment after they stop): the
   * answer is then at hand when Upload is pressed, and the file goes over in the click's own task.
   * A popup that closes while a lookup runs (it closes on losing focus) would lose the upload.
   */
  const [typedAhead, setTypedAhead] = useState<ReadonlyMap<string, Contact | NoContact>>(new Map());
  useEffect(() => {
    const address = normaliseEmail(email);
    // Nothing is asked while uploads are held back (a refused key would refuse this too).
    if (blocked !== null || !LOOKS_LIKE_EMAIL.test(address) || typedAhead.has(address)) return;
    let current = true;
    const timer = setTimeout(() => {
      lookUp(address).then(
        (found) => current && setTypedAhead((known) => new Map(known).set(address, found)),
        // Not known then: Upload asks again, and says why if it still cannot.
        () => undefined,
      );
    }, LOOK_AHEAD_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [email, typedAhead, blocked]);
  // With the meeting's contacts go the addresses looked up under the old settings (asked again, and
  // a lookup still running is dropped). Not the file, title or an upload being handed over: the
  // upload started keeps what it was started with.
  useEffect(
    () =>
      watchSettings(() => {
        // The select goes with the contacts: a keyboard user's focus would fall to the document.
        if (contactSelectRef.current !== null && document.activeElement === contactSelectRef.current) focusEmail.current = true;
        setContactsStale(true);
        setTypedAhead(new Map());
        setChoice((chosen) => (chosen === SOMEONE_ELSE ? chosen : NO_ONE));
      }),
    [],
  );
  useEffect(() => {
    if (!contactsStale || !focusEmail.current) return;
    focusEmail.current = false;
    emailRef.current?.focus();
  }, [contactsStale]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Upload stays focusable while an upload starts (a disabled button drops the focus to the
    // document), so a second press must be ignored here.
    if (submitting.current) return;
    // Enter in a field submits too: a doomed upload is not started, whatever the button shows.
    if (blocked !== null) return;
    const found: Problems = {};
    if (!picked) found.file = 'Choose a recording first.';
    const meetingDate = fromLocalInput(when);
    const dateIssue = meetingDate ? null : dateProblem(when);
    if (dateIssue) found.date = dateIssue;
    const speakerCount = speakers.trim() === '' ? null : Number(speakers);
    // A number field reads as empty while what was typed is no number at all ("e", "3-"): that
    // is not the same as leaving it empty.
    if (speakersRef.current?.validity.badInput) found.speakers = 'Enter a whole number from 1 to 100, or leave it empty.';
    else if (speakerCount !== null && !(Number.isInteger(speakerCount) && speakerCount >= 1 && speakerCount <= 100)) {
      found.speakers = 'Enter a whole number from 1 to 100, or leave it empty.';
    }
    const byEmail = contacts.length === 0 || choice === SOMEONE_ELSE;
    if (byEmail && email.trim() !== '' && !LOOKS_LIKE_EMAIL.test(normaliseEmail(email))) {
      found.contact = 'Enter a full e-mail address, like name@company.com, or leave it empty.';
    }
    setProblems(found);
    focusFirst(found);
    if (!picked || !meetingDate || Object.keys(found).length > 0) return;

    submitting.current = true;
    const active = document.activeElement;
    focusBack.current = active instanceof HTMLElement && formRef.current?.contains(active) ? active : null;
    const file = picked.file;
    const info = { name: file.name, size: file.size, type: picked.contentType };
    const metaFor = (contact: Contact): UploadMeta => ({
      title: shownTitle.trim() || fitTitle(titleFromFileName(file.name)),
      meetingDate,
      speakersExpected: speakerCount,
      primaryContactId: contact?.id ?? null,
      // As long as an upload's record takes (a name past it made the hand-over fail without a word).
      primaryContactName: contact ? fitTitle(contact.name, CONTACT_NAME_MAX_LENGTH) : null,
      ...(contact?.matchedBy === 'name' ? { primaryContactMatchedBy: 'name' as const } : {}),
    });
    try {
      // With the contact at hand (chosen from the meeting, or none), nothing is awaited before the
      // file is posted: a popup closing right after the click has already handed it over.
      const atHand = contactAtHand();
      if (atHand === undefined) setBusy('Looking up the contact…');
      const contact = atHand !== undefined ? atHand : await contactByEmail();
      if (contact === 'unknown' || contact === 'left-out') {
        // Not "no contact has it": several contacts sharing an address are none of them either.
        const found = {
          contact:
            contact === 'left-out'
              ? `Primer leaves ${normaliseEmail(email)} out (your own address, or a domain excluded in its options), so it is not looked up. Leave the field empty, or change the options.`
              : `Primer found no single contact with the address ${normaliseEmail(email)}. Check it, or leave the field empty.`,
        };
        setProblems(found);
        focusFirst(found);
        return;
      }
      const meta = metaFor(contact);
      const same = unsure.current !== null && unsure.current.file === file && unsure.current.meta === JSON.stringify(meta);
      const id = same ? unsure.current!.id : crypto.randomUUID();
      unsure.current = null;
      setBusy('Handing the file over…');
      try {
        await handOverFile({ id, file, info, meta }, { prepare, onReceived: () => setBusy('Starting the upload…') });
      } catch (error) {
        // Only a hand-over that did not say whether it started: a refusal sent again under the same
        // id would get the receiver's remembered refusal back, not another try.
        if (error instanceof ApiError && error.kind === 'timeout') unsure.current = { id, file, meta: JSON.stringify(meta) };
        throw error;
      }
      onStarted({ id, title: meta.title });
      setPicked(null);
      setPickerKey((key) => key + 1);
      setTitle(null);
    } catch (error) {
      setProblems({ form: toErrorInfo(error).message });
    } finally {
      submitting.current = false;
      setBusy(null);
    }
  };

  // Once the fields are enabled again: the focus goes back where it was, unless it went elsewhere
  // meanwhile (a problem's field, the new upload in the list).
  useEffect(() => {
    if (busy !== null) return;
    const element = focusBack.current;
    focusBack.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (element?.isConnected && lost && !element.matches(':disabled')) element.focus();
  }, [busy]);

  const disabled = busy !== null;
  // Not aria-busy: what it says while busy ("Handing the file over…") is in a live region inside
  // it, and screen readers may hold back changes in a busy part of the page.
  return (
    <form ref={formRef} className="upload-form" onSubmit={(event) => void submit(event)} noValidate>
      {blocked !== null ? (
        <p id={blockedId} className="ui-message ui-message--error upload-form__blocked">
          {blocked}
        </p>
      ) : null}
      {needsTab ? (
        <div className="drop-zone">
          <p className="drop-zone__label">Recording</p>
          <Button
            ref={inTabRef}
            variant="secondary"
            aria-describedby={problems.file ? `${inTabHintId} ${inTabProblemId}` : inTabHintId}
            onClick={() =>
              void continueInTab({
                // What was entered goes along (the address typed for someone else is asked again).
                title: title ?? draft.title,
                // Still unread: the form in the tab says so too, rather than take this moment as the meeting's.
                ...(whenUnread ? { meetingDate: draft.meetingDate, unreadWhen: draft.unreadWhen } : { meetingDate: fromLocalInput(when) }),
                speakersExpected: speakers.trim() === '' || !Number.isInteger(Number(speakers)) ? null : Number(speakers),
                contacts,
                primaryContactId: choice === NO_ONE || choice === SOMEONE_ELSE ? null : choice,
                ...(contacts.length === 0 || choice === SOMEONE_ELSE ? { otherEmail: email } : {}),
              })
            }
          >
            Choose the recording in a tab
          </Button>
          <p id={inTabHintId} className="ui-hint">
            Firefox closes this window when a file is chosen from it: the form opens in a tab, with what you entered.
          </p>
          {problems.file ? (
            <p id={inTabProblemId} className="ui-error">
              {problems.file}
            </p>
          ) : null}
        </div>
      ) : (
        <FilePicker
          key={pickerKey}
          picked={picked}
          onPick={pick}
          disabled={disabled}
          problem={problems.file ?? null}
          inputRef={fileRef}
          // Not while this file is being handed over: the upload it starts would be the one named.
          note={picked && busy === null ? sameFileNote(uploads, picked.file) : null}
        />
      )}
      <TextField
        label="Title"
        value={shownTitle}
        onValueChange={setTitle}
        placeholder="The file’s name"
        maxLength={TITLE_MAX_LENGTH}
        hint={shortened ? `Shortened to ${TITLE_MAX_LENGTH} characters, the most a title may have.` : undefined}
        disabled={disabled}
      />
      <TextField
        ref={dateRef}
        label="Meeting date"
        type="datetime-local"
        {...inputRange()}
        value={when}
        onValueChange={setWhen}
        error={problems.date ?? null}
        hint={whenUnread && !problems.date ? `Primer could not read the meeting’s time on the page (“${draft.unreadWhen}”): check this one.` : undefined}
        disabled={disabled}
      />
      <TextField
        ref={speakersRef}
        label="Speakers expected"
        optional
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        value={speakers}
        onValueChange={setSpeakers}
        error={problems.speakers ?? null}
        hint={speakers === '' ? 'Helps the service tell voices apart.' : undefined}
        disabled={disabled}
      />
      <ContactChoice
        contacts={contacts}
        // Said only where there were contacts to stop offering.
        note={contactsStale && draft.contacts.length > 0 ? SETTINGS_CHANGED_NOTE : null}
        choice={choice}
        email={email}
        onChoice={setChoice}
        onEmail={setEmail}
        error={problems.contact ?? null}
        disabled={disabled}
        emailRef={emailRef}
        selectRef={contactSelectRef}
        found={foundAhead()}
      />
      <div className="upload-form__actions">
        <Button type="submit" busy={disabled || blocked !== null} aria-describedby={blocked !== null ? blockedId : undefined}>
          Upload
        </Button>
        <span className="ui-hint" aria-live="polite">
          {busy}
        </span>
      </div>
      <LiveRegion role="alert" tone="error">
        {problems.form}
      </LiveRegion>
      {refusalSaid}
    </form>
  );
}

/** Whether files must be chosen in a tab (Firefox's popup: file-in-tab.ts); false until known. */
function useFilesNeedATab(): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    let live = true;
    void filesNeedATab().then((value) => live && setNeeded(value));
    return () => {
      live = false;
    };
  }, []);
  return needed;
}
