/**
 * What was typed into the upload form, kept while the browser runs: a popup closes whenever it
 * loses focus (a click on the calendar to check an address), and its fields came back as the page's
 * defaults. Kept for the meeting the form was opened on, as the form was left (after an upload too,
 * as it stood then). The file itself cannot be kept: a File does not survive the page that picked it.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import type { UploadDraft } from './draft';

export const FORM_MEMORY_KEY = 'uploadFormMemory';
/** Older than this, what was typed belongs to another sitting. */
export const FORM_MEMORY_MS = 2 * 60 * 60 * 1000;

const FormFieldsSchema = z.object({
  title: z.nullable(z.string().check(z.maxLength(2000))),
  when: z.string().check(z.maxLength(64)),
  speakers: z.string().check(z.maxLength(16)),
  choice: z.string().check(z.maxLength(300)),
  email: z.string().check(z.maxLength(400)),
});
export type FormFields = z.infer<typeof FormFieldsSchema>;

const FormMemorySchema = z.object({ about: z.string(), savedAt: z.number(), fields: FormFieldsSchema });

/**
 * Which meeting a form is about: its defaults as the page gave them. Null for a form about no
 * meeting (every such page gives the same defaults): what was typed for one recording would come
 * back on another page, the person it was with included.
 */
export function formAbout(draft: UploadDraft): string | null {
  if (draft.title === null && draft.meetingDate === null && draft.contacts.length === 0) return null;
  return JSON.stringify([draft.title, draft.meetingDate, draft.speakersExpected, draft.contacts.map((contact) => contact.id), draft.primaryContactId]);
}

export async function rememberForm(about: string, fields: FormFields, now = Date.now()): Promise<void> {
  await browser.storage.session.set({ [FORM_MEMORY_KEY]: { about, savedAt: now, fields } });
}

/** What was typed into a form about `about`, when recent; null otherwise. */
export async function recallForm(about: string, now = Date.now()): Promise<FormFields | null> {
  const parsed = FormMemorySchema.safeParse((await browser.storage.session.get(FORM_MEMORY_KEY))[FORM_MEMORY_KEY]);
  if (!parsed.success || parsed.data.about !== about || now - parsed.data.savedAt > FORM_MEMORY_MS) return null;
  return parsed.data.fields;
}
