/**
 * "Where Primer works": a switch per site, saved as soon as it changes, and two lists — domains
 * never looked up and the user's own addresses — saved with a button. The preferences are not
 * secret, so this page reads and writes the storage item itself; content scripts watch it and
 * apply a change at once. Another tab may change it too, so the form follows the stored value.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { browser } from '#imports';
import {
  leftOutOfSync,
  PREFERENCES_BEFORE_SYNC_KEY,
  preferencesItem,
  PreferencesTooLargeError,
  readPreferences,
  watchPreferences,
  type Preferences,
} from '@/lib/storage/preferences';
import { SITE_NAMES, SITES, type SiteId } from '@/lib/sites/types';
import { Button } from '@/components/ui/Button';
import { LiveRegion, type Tone } from '@/components/ui/Message';
import { Section } from '@/components/ui/Section';
import { formatList, parseAddressList, parseDomainList } from './domain-list';
import { LoadFailed } from './LoadFailed';

const preferencesKey = ['preferences'] as const;
const beforeSyncKey = ['preferencesBeforeSync'] as const;

const SITE_TEXT: Record<SiteId, { title: string; description: string }> = {
  'google-calendar': {
    title: SITE_NAMES['google-calendar'],
    description: 'Briefings on the guests of the events you open.',
  },
  gmail: {
    title: SITE_NAMES.gmail,
    description: 'Briefings on the people in the mail you read and write.',
  },
  outlook: {
    title: SITE_NAMES.outlook,
    description: 'Briefings in Outlook mail and calendar, for work (Microsoft 365) and personal accounts.',
  },
};

const SAVE_FAILED = 'Primer could not save this change. Reload this page and try again.';

/** The Web Lock every page of the extension takes to read and write the preferences. */
export const PREFERENCES_LOCK = 'primer-preferences';

/** Why a save failed, in words that say what to do (storage.sync's quotas are no reason to reload). */
function saveFailed(error: unknown): string {
  if (error instanceof PreferencesTooLargeError) return error.message;
  const message = error instanceof Error ? error.message : '';
  if (/MAX_WRITE_OPERATIONS/i.test(message)) return 'Too many changes in a short time for your browser’s sync: wait a minute, then save again.';
  // Chrome's words for a full storage.sync ("QUOTA_BYTES_PER_ITEM quota exceeded", and newer ones
  // naming kQuotaBytes): any of them says the lists are too long.
  if (/quota/i.test(message)) return new PreferencesTooLargeError().message;
  return SAVE_FAILED;
}

// Writes run one after another, each on the newest stored value, so two quick changes (or a list
// saved while a switch is still saving) never undo each other; across the extension's tabs too
// (two options pages), under a lock of the extension's origin where the browser has Web Locks.
let writes: Promise<unknown> = Promise.resolve();
function updatePreferences(change: (current: Preferences) => Preferences): Promise<Preferences> {
  const readThenWrite = async () => {
    const next = change(await readPreferences());
    await preferencesItem.setValue(next);
    return next;
  };
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  const write = writes.then(async (): Promise<Preferences> => (locks ? await locks.request(PREFERENCES_LOCK, readThenWrite) : readThenWrite()));
  writes = write.catch(() => undefined);
  return write;
}

type Status = { tone: Tone; text: string } | null;

export function SitesSection() {
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: preferencesKey, queryFn: readPreferences });

  useEffect(
    () => watchPreferences((next) => queryClient.setQueryData(preferencesKey, next)),
    [queryClient],
  );

  let content;
  if (preferences.isPending) {
    content = (
      <p role="status" className="options-loading">
        Loading your choices…
      </p>
    );
  } else if (preferences.isError) {
    content = (
      <LoadFailed onRetry={() => void preferences.refetch()}>Primer could not load these choices. Reload this page and try again.</LoadFailed>
    );
  } else {
    content = (
      <>
        <LeftOutNote preferences={preferences.data} />
        <SiteSwitches preferences={preferences.data} />
        <ListsForm preferences={preferences.data} />
      </>
    );
  }

  return (
    <Section title="Where Primer works">
      <p className="ui-hint">
        Choose the sites where Primer shows briefings and the people it should leave alone. Changes apply at once,
        also in tabs that are already open.
      </p>
      {content}
    </Section>
  );
}

function SiteSwitches({ preferences }: { preferences: Preferences }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [status, setStatus] = useState<Status>(null);

  const toggle = useMutation({
    mutationFn: ({ site, on }: { site: SiteId; on: boolean }) =>
      updatePreferences((current) => ({ ...current, sites: { ...current.sites, [site]: on } })),
    onMutate: ({ site, on }) => {
      // Show the new position straight away; the stored value follows a moment later.
      queryClient.setQueryData<Preferences>(preferencesKey, (current) =>
        current ? { ...current, sites: { ...current.sites, [site]: on } } : current,
      );
    },
    onSuccess: (next) => {
      queryClient.setQueryData(preferencesKey, next);
      setStatus({ tone: 'success', text: 'Saved' });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: preferencesKey });
      setStatus({ tone: 'error', text: saveFailed(error) });
    },
  });

  return (
    <>
      <fieldset className="options-fieldset">
        <legend className="ui-field__label">Sites</legend>
        {SITES.map((site) => {
          const inputId = `${ids}-${site}`;
          const descriptionId = `${inputId}-description`;
          return (
            <div className="options-check" key={site}>
              <input
                type="checkbox"
                role="switch"
                id={inputId}
                checked={preferences.sites[site]}
                onChange={(change) => {
                  setStatus(null);
                  toggle.mutate({ site, on: change.target.checked });
                }}
                aria-describedby={descriptionId}
              />
              <label htmlFor={inputId}>{SITE_TEXT[site].title}</label>
              <p id={descriptionId} className="ui-hint">
                {SITE_TEXT[site].description}
              </p>
            </div>
          );
        })}
      </fieldset>
      <LiveRegion tone={status?.tone}>{status ? <p>{status.text}</p> : null}</LiveRegion>
    </>
  );
}

/**
 * What did not fit when an earlier version's lists moved to the browser's sync (cut to its 8 KB):
 * said, with the entries, until the user is done with it, rather than kept where no one sees it.
 */
function LeftOutNote({ preferences }: { preferences: Preferences }) {
  const queryClient = useQueryClient();
  const before = useQuery({
    queryKey: beforeSyncKey,
    queryFn: async () => (await browser.storage.local.get(PREFERENCES_BEFORE_SYNC_KEY))[PREFERENCES_BEFORE_SYNC_KEY] ?? null,
  });
  const noteRef = useRef<HTMLDivElement>(null);
  const left = before.data ? leftOutOfSync(before.data, preferences) : [];
  if (left.length === 0) return null;
  const dismiss = () => {
    // The note and its button go: focus goes to the lists it spoke of, not to the document (unless
    // the user has moved it on meanwhile).
    const lists = noteRef.current?.parentElement?.querySelector('textarea') ?? null;
    const button = document.activeElement;
    void browser.storage.local
      .remove(PREFERENCES_BEFORE_SYNC_KEY)
      .then(() => queryClient.setQueryData(beforeSyncKey, null))
      .then(() => {
        if (document.activeElement === button || document.activeElement === document.body || document.activeElement === null) lists?.focus();
      })
      .catch(() => undefined);
  };
  return (
    <div className="ui-message ui-message--error" role="status" ref={noteRef}>
      <p>
        When Primer moved your lists to your browser’s sync, {left.length === 1 ? 'this entry' : `these ${left.length} entries`} did not fit its
        8 KB and {left.length === 1 ? 'is' : 'are'} not applied: {left.join(', ')}.
      </p>
      <p>
        <Button variant="secondary" onClick={dismiss}>
          Done with this list
        </Button>
      </p>
    </div>
  );
}

function ListsForm({ preferences }: { preferences: Preferences }) {
  const queryClient = useQueryClient();
  const domainsRef = useRef<HTMLTextAreaElement>(null);
  const addressesRef = useRef<HTMLTextAreaElement>(null);
  // null = not edited: the field shows the stored list and follows changes made elsewhere.
  const [domainsDraft, setDomainsDraft] = useState<string | null>(null);
  const [addressesDraft, setAddressesDraft] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const domainsText = domainsDraft ?? formatList(preferences.excludedDomains);
  const addressesText = addressesDraft ?? formatList(preferences.ownAddresses);
  // Only what the user typed is checked; a stored list is shown as it is.
  const domains = domainsDraft === null ? null : parseDomainList(domainsDraft);
  const addresses = addressesDraft === null ? null : parseAddressList(addressesDraft);
  const domainsError = submitted && domains && !domains.ok ? domains.message : null;
  const addressesError = submitted && addresses && !addresses.ok ? addresses.message : null;

  const save = useMutation({
    // Only the edited lists: an untouched one keeps whatever is stored when the write happens.
    mutationFn: ({ lists }: { lists: Partial<Pick<Preferences, 'excludedDomains' | 'ownAddresses'>>; typed: { domains: string | null; addresses: string | null } }) =>
      updatePreferences((current) => ({ ...current, ...lists })),
    onSuccess: (next, { typed }) => {
      queryClient.setQueryData(preferencesKey, next);
      // What was typed after Save was pressed is the user's, not replaced by the list saved.
      setDomainsDraft((draft) => (draft === typed.domains ? null : draft));
      setAddressesDraft((draft) => (draft === typed.addresses ? null : draft));
      setSubmitted(false);
      setStatus({ tone: 'success', text: 'Saved' });
    },
    onError: (error) => setStatus({ tone: 'error', text: saveFailed(error) }),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    setStatus(null);
    if (domains && !domains.ok) {
      domainsRef.current?.focus();
      return;
    }
    if (addresses && !addresses.ok) {
      addressesRef.current?.focus();
      return;
    }
    save.mutate({
      lists: {
        ...(domains ? { excludedDomains: domains.values } : {}),
        ...(addresses ? { ownAddresses: addresses.values } : {}),
      },
      typed: { domains: domainsDraft, addresses: addressesDraft },
    });
  }

  return (
    <form className="options-form" noValidate onSubmit={handleSubmit}>
      <ListField
        ref={domainsRef}
        label="Don’t look up people at these domains"
        value={domainsText}
        onValueChange={(value) => {
          setDomainsDraft(value);
          setStatus(null);
        }}
        placeholder={'example.com\npartner.example.org'}
        error={domainsError}
        hint="One domain a line, or separated by commas. Each domain covers its subdomains too (example.com also covers eu.example.com). Addresses at these domains are never sent to the service."
      />
      <ListField
        ref={addressesRef}
        label="Your own addresses"
        value={addressesText}
        onValueChange={(value) => {
          setAddressesDraft(value);
          setStatus(null);
        }}
        placeholder="you@example.com"
        error={addressesError}
        hint="Primer never looks these up or marks them; it also learns your address from the page where it can."
      />
      <div className="options-actions">
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save lists'}
        </Button>
      </div>
      <LiveRegion tone={status?.tone}>{status ? <p>{status.text}</p> : null}</LiveRegion>
    </form>
  );
}

interface ListFieldProps {
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  error: string | null;
  hint: ReactNode;
}

/** A labelled multi-line list, laid out and announced like TextField. */
function ListField({ label, ref, value, onValueChange, placeholder, error, hint }: ListFieldProps) {
  const generated = useId();
  const inputId = `field-${generated}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        className="ui-input options-list"
        rows={4}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
      />
      {error ? (
        <p id={errorId} className="ui-error">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="ui-hint">
        {hint}
      </p>
    </div>
  );
}
