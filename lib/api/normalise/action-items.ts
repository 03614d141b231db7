/**
 * Action items (a contact’s pending ones, a recording’s own) and where each was raised.
 */
import type { ActionItem, ItemSource } from '../../models';
import { ID_KEYS, fromJsonText, idOf, isObj, scalarText, textOf, toFlag, type Obj } from './values';
import { dateOf } from './dates';
import { nameFromParts } from './person-name';
import { listIn, SENTENCE_SEPARATORS, toTextList } from './text-lists';

/**
 * Where an item keeps its text: the task itself before what it is filed under (`{task: "Send the
 * deck", topic: "Budget"}` is "Send the deck"); a topic only when nothing else is said.
 */
const ACTION_ITEM_TEXT_KEYS = ['task', 'action', 'action_item', 'item', 'text', 'title', 'name', 'description', 'summary', 'content', 'value', 'subject', 'label', 'decision', 'topic', 'keyword'];

/** Statuses of work nobody owes any more, as trackers word them (`Won't do`, `wont_do`: see statusWords). */
const DONE_STATUSES = new Set(['done', 'completed', 'complete', 'closed', 'resolved', 'cancelled', 'canceled', 'finished', 'dismissed', 'archived', 'obsolete', 'wont do', 'wont fix']);

/** A status compared as words: any case, apostrophes dropped, `_` and `-` as spaces. */
const statusWords = (status: string) => status.toLowerCase().replace(/['’]/g, '').replace(/[\s_-]+/g, ' ').trim();

/**
 * `pendingOnly`: a contact's pending items (done ones left out). `ofRecording`: one recording's own
 * items, whose source is that recording (not said again beside each).
 */
export function toActionItems(raw: unknown, { pendingOnly, ofRecording = false }: { pendingOnly: boolean; ofRecording?: boolean }): ActionItem[] {
  // A list wrapped in an object (`{items: […], total: 1}`) is that list.
  const value = listIn(fromJsonText(raw));
  // Another object is no list of items: `{total: 2, overdue: 1}` counts them (a map of text → count
  // is for topics, toTextList).
  if (!Array.isArray(value)) return isObj(value) ? [] : toTextList(value, ACTION_ITEM_TEXT_KEYS, SENTENCE_SEPARATORS).map((text) => ({ text, owner: null, dueDate: null, status: null }));
  const out: ActionItem[] = [];
  for (const entry of value) {
    if (!isObj(entry)) {
      const text = scalarText(entry);
      if (text !== null) out.push({ text, owner: null, dueDate: null, status: null });
      continue;
    }
    const text = textOf(entry, ...ACTION_ITEM_TEXT_KEYS);
    if (text === null) continue;
    const owner = ownerOf(entry);
    const status = textOf(entry, 'status', 'state');
    // Done when flagged so, or (without a flag) when it has a completion time: Rails' and Django's
    // `completed_at` is null while the item is open.
    const completed =
      toFlag(entry.completed ?? entry.done ?? entry.is_completed ?? entry.isCompleted ?? entry.is_done ?? entry.isDone) ??
      (dateOf(entry, 'completed_at', 'completedAt', 'done_at', 'doneAt') === null ? null : true);
    const done = (status !== null && DONE_STATUSES.has(statusWords(status))) || completed === true;
    if (pendingOnly && done) continue;
    // Said only of a done item: kept ones (a recording's own) are then never marked overdue.
    out.push({
      text,
      owner,
      dueDate: dateOf(entry, 'due_date', 'dueDate', 'due', 'due_at', 'dueAt', 'deadline'),
      status,
      ...(done ? { done } : {}),
      ...(ofRecording ? {} : itemSourceField(entry)),
    });
  }
  return out;
}

const OWNER_KEYS = ['owner', 'assignee', 'assigned_to', 'assignedTo', 'owners', 'assignees'];
/** An owner as a joined row writes it, beside the item. */
const OWNER_TEXT_KEYS = ['owner_name', 'ownerName', 'assignee_name', 'assigneeName', 'owner_email', 'ownerEmail', 'assignee_email', 'assigneeEmail'];

/**
 * An owner given by their id (a foreign key: Django REST writes one as the related row's id by
 * default): only digits, a UUID or a Mongo ObjectId names no one ("Owner: 7").
 */
const PERSON_ID = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{24})$/i;

/**
 * A person by any of the usual names for a name (Jira's displayName, Slack's display_name), or by
 * its parts (a user serializer's `first_name`, `last_name`), else their address.
 */
function personText(value: unknown): string | null {
  if (!isObj(value)) {
    const text = scalarText(value);
    return text === null || PERSON_ID.test(text) ? null : text;
  }
  return textOf(value, 'name', 'display_name', 'displayName', 'full_name', 'fullName') ?? nameFromParts(value) ?? textOf(value, 'email');
}

/** Whose an item is: a person, a list of people (joined: "Dan Brown, Maya Chen"), or a name or address beside it. */
function ownerOf(entry: Obj): string | null {
  for (const key of OWNER_KEYS) {
    const value = entry[key];
    const owner = Array.isArray(value) ? [...new Set(value.flatMap((person) => personText(person) ?? []))].join(', ') || null : personText(value);
    if (owner !== null) return owner;
  }
  return textOf(entry, ...OWNER_TEXT_KEYS);
}

const SOURCE_RECORDING_KEYS = ['recording_id', 'recordingId', 'source_recording_id', 'sourceRecordingId'];
const SOURCE_TITLE_KEYS = ['recording_title', 'recordingTitle', 'source_title', 'sourceTitle'];
const SOURCE_DATE_KEYS = ['meeting_date', 'meetingDate', 'recording_date', 'recordingDate', 'raised_at', 'raisedAt'];
/** When the item itself was made: often when the server processed the recording, so a meeting's own date comes first. */
const CREATED_KEYS = ['created_at', 'createdAt'];

/**
 * Where an item was raised, however the server says it: beside the item (`recording_id`,
 * `meeting_date`, `created_at`), or in an object of its own (`recording: {id, title}`;
 * `source: {recording_id, title, date}`, or `source: {type: "recording", id}`); `recording:
 * "rec_1"` is the id. A source of another kind or of no stated kind (`{type: "email", id, title}`,
 * a chat, a calendar meeting) is no recording to open: only its title and date are kept. Null when
 * nothing is said: no source is made up.
 */
function itemSource(entry: Obj): ItemSource | null {
  const recording = isObj(entry.recording) ? entry.recording : null;
  const source = isObj(entry.source) ? entry.source : null;
  // A source's own id names a recording only when its type says so (`{id, title}` alone may be an e-mail).
  const sourceIsRecording = source !== null && /recording/i.test(textOf(source, 'type', 'kind', 'source_type', 'sourceType') ?? '');
  // `recording: "rec_1"` is an id; words there ("Weekly sync") are a title.
  const bare = scalarText(entry.recording);
  const bareId = bare !== null && !/\s/.test(bare) ? bare : null;
  const recordingId =
    textOf(entry, ...SOURCE_RECORDING_KEYS) ??
    (recording ? idOf(recording, ...ID_KEYS, ...SOURCE_RECORDING_KEYS) : bareId) ??
    (source ? textOf(source, ...SOURCE_RECORDING_KEYS) ?? (sourceIsRecording ? idOf(source, ...ID_KEYS) : null) : null);
  const nested = recording ?? source;
  const title =
    textOf(entry, ...SOURCE_TITLE_KEYS) ?? (nested ? textOf(nested, 'title', 'name', ...SOURCE_TITLE_KEYS) : null) ?? (bare !== null && bareId === null ? bare : null);
  // The meeting's date (beside the item or in its source) before when the item was made.
  const date =
    dateOf(entry, ...SOURCE_DATE_KEYS) ?? (nested ? dateOf(nested, ...SOURCE_DATE_KEYS, 'date', ...CREATED_KEYS) : null) ?? dateOf(entry, ...CREATED_KEYS);
  return recordingId === null && title === null && date === null ? null : { recordingId, title, date };
}
/** `{source}` when the item has one; nothing otherwise (most servers say nothing). */
function itemSourceField(entry: Obj): { source?: ItemSource } {
  const source = itemSource(entry);
  return source ? { source } : {};
}
